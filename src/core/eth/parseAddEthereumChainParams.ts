import { isObject } from '@metamask/utils'
import type { Problem } from '../rpc/errors.ts'
import { parseExplorerUrl } from '../wallet/explorerLinks.ts'
import type { NetworkDraft } from '../wallet/validateNetwork.ts'

/** Cut an echoed value this short: whatever a page sends, the error stays small. */
const echoLength = 80

const isUrl = (value: unknown, protocols: readonly string[]): value is string =>
  typeof value === 'string' && URL.canParse(value) && protocols.includes(new URL(value).protocol)

/**
 * `wallet_addEthereumChain [AddEthereumChainParameter]` (EIP-3085) as the network form's draft
 * (`validateNetworkDraft` then checks it exactly as it checks the form): `chainId` a hex quantity
 * (`0x539` → `eip155:1337`), `chainName`, and the first http(s) URL of `rpcUrls`. EIP-3085 has no
 * WebSocket URL: the first ws(s) URL of `rpcUrls` if there is one, else the HTTP URL with its scheme
 * switched (`https:` → `wss:`), which serves both on common nodes (anvil, geth, this project's
 * endpoint at `/ws/v3/…` aside). The first of `blockExplorerUrls`, when given, is the network's
 * block explorer and must be an http(s) URL (`parseExplorerUrl`: a `javascript:` one is refused).
 * Other members (`nativeCurrency`, `iconUrls`) are not used. Problems are reported with their paths (`-32602`), at most one per member.
 */
export function parseAddEthereumChainParams(
  params: unknown,
): { draft: NetworkDraft } | { problems: Problem[] } {
  const [chain] = Array.isArray(params) ? params : []
  if (!Array.isArray(params) || params.length !== 1 || !isObject(chain)) {
    return { problems: [{ path: 'params', message: 'must be [AddEthereumChainParameter]' }] }
  }
  const problems: Problem[] = []
  const { chainId, chainName, rpcUrls, blockExplorerUrls } = chain
  if (typeof chainId !== 'string' || !/^0x[1-9a-fA-F][0-9a-fA-F]{0,15}$/.test(chainId)) {
    problems.push({
      path: 'params[0].chainId',
      message: 'must be a hex chain id without leading zeros, e.g. 0x539',
    })
  }
  if (typeof chainName !== 'string' || chainName.trim() === '') {
    problems.push({ path: 'params[0].chainName', message: 'must be a non-empty string' })
  }
  const urls = Array.isArray(rpcUrls) ? rpcUrls.slice(0, 16) : []
  const rpcUrl = urls.find((url) => isUrl(url, ['http:', 'https:']))
  if (rpcUrl === undefined) {
    problems.push({ path: 'params[0].rpcUrls', message: 'must hold an http:// or https:// URL' })
  }
  const [explorer] = Array.isArray(blockExplorerUrls) ? blockExplorerUrls : []
  const explorerUrl = parseExplorerUrl(explorer)
  if (
    blockExplorerUrls !== undefined &&
    blockExplorerUrls !== null &&
    !(Array.isArray(blockExplorerUrls) && (explorer === undefined || explorerUrl))
  ) {
    problems.push({
      path: 'params[0].blockExplorerUrls',
      message: 'must hold http:// or https:// URLs',
    })
  }
  if (problems.length > 0 || typeof chainId !== 'string' || rpcUrl === undefined) {
    return { problems }
  }
  const wsUrl = urls.find((url) => isUrl(url, ['ws:', 'wss:'])) ?? rpcUrl.replace(/^http/, 'ws')
  return {
    draft: {
      chainId: `eip155:${BigInt(chainId).toString(10)}`,
      name: String(chainName).slice(0, echoLength + 1),
      rpcUrl,
      wsUrl,
      ...(explorerUrl ? { explorerUrl } : {}),
    },
  }
}
