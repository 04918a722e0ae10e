import { isObject } from '@metamask/utils'
import type { ChainId } from '../caip/types.ts'
import type { Problem } from '../rpc/errors.ts'

/** A chain id as EIP-3326 / EIP-3085 give it: hex, no leading zero, at most 64 bits. */
const hexChainIdPattern = /^0x[1-9a-fA-F][0-9a-fA-F]{0,15}$/

/**
 * `wallet_switchEthereumChain [{ chainId }]` (EIP-3326): the chain as `eip155:<decimal>` and as the
 * dapp wrote it (for the `4902` message). Never throws; anything else is a problem at its path.
 *
 * @example parseSwitchChainParams([{ chainId: '0x7a69' }]) // { chainId: 'eip155:31337', hex: '0x7a69' }
 */
export function parseSwitchChainParams(
  params: unknown,
): { chainId: ChainId; hex: string } | { problems: Problem[] } {
  const [first] = Array.isArray(params) ? params : []
  if (!Array.isArray(params) || params.length !== 1 || !isObject(first)) {
    return { problems: [{ path: 'params', message: 'must be [{ chainId }]' }] }
  }
  const { chainId } = first
  if (typeof chainId !== 'string' || !hexChainIdPattern.test(chainId)) {
    return {
      problems: [
        { path: 'params[0].chainId', message: 'must be a hex chain id without leading zeros' },
      ],
    }
  }
  return { chainId: `eip155:${BigInt(chainId).toString()}`, hex: chainId }
}
