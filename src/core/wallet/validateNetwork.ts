import { parseChainId } from '../caip/parseChainId.ts'
import type { ChainId } from '../caip/types.ts'
import type { NodeAnswer, NodeCall } from '../rpc/types.ts'
import { parseExplorerUrl } from './explorerLinks.ts'
import { httpProtocols, isUrlWithProtocol, webSocketProtocols } from './isUrlWithProtocol.ts'

/** A network the user added: an EVM chain with its HTTP and WebSocket JSON-RPC endpoints. */
export type CustomNetwork = {
  chainId: ChainId
  name: string
  rpcUrl: string
  wsUrl: string
  /** Its block explorer (`wallet_addEthereumChain`'s `blockExplorerUrls`), checked http(s). */
  explorerUrl?: string
}

/** The network form as the user filled it in, or a page proposed it (untrusted strings). */
export type NetworkDraft = {
  chainId: string
  name: string
  rpcUrl: string
  wsUrl: string
  explorerUrl?: string
}

export type NetworkField = keyof NetworkDraft

export type ValidateNetworkResult =
  | { network: CustomNetwork }
  | { problems: Partial<Record<NetworkField, string>> }

const maxNameLength = 40

/** An HTTP and a WebSocket endpoint (trimmed). */
export type Endpoint = { rpcUrl: string; wsUrl: string }

/** What is wrong with an endpoint pair: an http(s) and a ws(s) URL are needed. */
function endpointProblems(endpoint: Endpoint): Partial<Record<'rpcUrl' | 'wsUrl', string>> {
  const problems: Partial<Record<'rpcUrl' | 'wsUrl', string>> = {}
  if (!isUrlWithProtocol(endpoint.rpcUrl, httpProtocols)) {
    problems.rpcUrl = 'Enter an http:// or https:// URL.'
  }
  if (!isUrlWithProtocol(endpoint.wsUrl, webSocketProtocols)) {
    problems.wsUrl = 'Enter a ws:// or wss:// URL.'
  }
  return problems
}

/**
 * Checks the endpoints of the form for a built-in network whose endpoint the user gives (a public
 * Solana cluster): an http(s) and a ws(s) URL, trimmed. The name and chain id are the wallet's.
 *
 * @example validateEndpointDraft({ rpcUrl: ' https://api.devnet.solana.com ', wsUrl: 'wss://api.devnet.solana.com' })
 * // { endpoint: { rpcUrl: 'https://api.devnet.solana.com', wsUrl: 'wss://api.devnet.solana.com' } }
 */
export function validateEndpointDraft(
  draft: Endpoint,
): { endpoint: Endpoint } | { problems: Partial<Record<NetworkField, string>> } {
  const endpoint = { rpcUrl: draft.rpcUrl.trim(), wsUrl: draft.wsUrl.trim() }
  const problems = endpointProblems(endpoint)
  return Object.keys(problems).length > 0 ? { problems } : { endpoint }
}

/**
 * Checks the network form without asking the network: a well-formed `eip155:<n>` that is neither a
 * built-in network nor another custom one (`replacing` is the chain id of the network being
 * edited), a name, an http(s) and a ws(s) URL. Values are trimmed.
 *
 * @example
 * validateNetworkDraft(
 *   { chainId: 'eip155:1337', name: 'Dev', rpcUrl: 'http://127.0.0.1:9545', wsUrl: 'ws://127.0.0.1:9545' },
 *   { builtIn: ['eip155:1'], custom: [] },
 * ) // { network: { chainId: 'eip155:1337', … } }
 */
export function validateNetworkDraft(
  draft: NetworkDraft,
  known: { builtIn: readonly ChainId[]; custom: readonly ChainId[]; replacing?: ChainId },
): ValidateNetworkResult {
  const chainId = draft.chainId.trim()
  const name = draft.name.trim()
  const rpcUrl = draft.rpcUrl.trim()
  const wsUrl = draft.wsUrl.trim()
  const problems: Partial<Record<NetworkField, string>> = {}

  const parsed = parseChainId(chainId)
  if (parsed?.namespace !== 'eip155' || parsed.reference === '0') {
    problems.chainId = 'Enter an EVM chain id as eip155:<number>, e.g. eip155:1337.'
  } else if (known.builtIn.includes(parsed.chainId)) {
    problems.chainId = `${parsed.chainId} is a built-in network.`
  } else if (parsed.chainId !== known.replacing && known.custom.includes(parsed.chainId)) {
    problems.chainId = `${parsed.chainId} is already in your networks.`
  }
  if (name === '') problems.name = 'Give the network a name.'
  else if (name.length > maxNameLength) problems.name = `At most ${maxNameLength} characters.`
  Object.assign(problems, endpointProblems({ rpcUrl, wsUrl }))
  const explorerUrl = parseExplorerUrl(draft.explorerUrl)
  if (draft.explorerUrl !== undefined && explorerUrl === undefined) {
    problems.explorerUrl = 'Enter an http:// or https:// URL.'
  }
  if (Object.keys(problems).length > 0 || !parsed) return { problems }
  return {
    network: {
      chainId: parsed.chainId,
      name,
      rpcUrl,
      wsUrl,
      ...(explorerUrl ? { explorerUrl } : {}),
    },
  }
}

/** How long the live check waits for the endpoint. */
export const endpointCheckTimeoutMs = 5000

/**
 * The live check of an EVM network's HTTP endpoint (the `eip155` namespace's `checkEndpoint`): it
 * must answer `eth_chainId` with the chain the user named. Resolves with a message for the user
 * when it does not, `undefined` when it does. The caller bounds the call's time.
 *
 * @example
 * await checkNetworkEndpoint((method, params) => node.request(method, params), 'eip155:1337') // undefined
 */
export async function checkNetworkEndpoint(
  call: NodeCall,
  chainId: ChainId,
): Promise<string | undefined> {
  const expected = BigInt(chainId.slice(chainId.indexOf(':') + 1))
  let answer: NodeAnswer
  try {
    answer = await call('eth_chainId', [])
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return `No JSON-RPC answer from this endpoint (${reason}).`
  }
  if ('error' in answer) {
    return `The endpoint refused eth_chainId: ${answer.error.code} ${answer.error.message}.`
  }
  const served =
    typeof answer.result === 'string' && /^0x[0-9a-fA-F]+$/.test(answer.result)
      ? BigInt(answer.result)
      : undefined
  if (served === undefined)
    return 'The endpoint answered eth_chainId with something else than a chain id.'
  if (served !== expected) return `This endpoint serves eip155:${served}, not ${chainId}.`
  return undefined
}
