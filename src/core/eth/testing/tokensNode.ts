import { encodeAbiParameters, encodeFunctionData, erc20Abi, getAddress } from 'viem'
import type { NodeAnswer } from '../../rpc/types.ts'
import type { NodeCall } from '../nodeCall.ts'

const symbolCall = encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' })
const decimalsCall = encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' })

/**
 * A node's `eth_call` for the ERC-20 tokens in `tokens` (address → symbol and decimals), as their
 * contracts answer `symbol()` and `decimals()`; any other call reverts, as at an address with no
 * token. `undefined` for another method: the caller answers it.
 */
export function tokensEthCall(
  tokens: Record<string, { symbol: string; decimals: number }>,
  method: string,
  params: readonly unknown[],
): NodeAnswer | undefined {
  if (method !== 'eth_call') return undefined
  const { to, data } = params[0] as { to: string; data: string }
  const token = Object.entries(tokens).find(([address]) => getAddress(address) === getAddress(to))
  const info = token?.[1]
  if (info && data === symbolCall) {
    return { result: encodeAbiParameters([{ type: 'string' }], [info.symbol]) }
  }
  if (info && data === decimalsCall) {
    return { result: encodeAbiParameters([{ type: 'uint8' }], [info.decimals]) }
  }
  return { error: { code: 3, message: 'execution reverted' } }
}

/** A node that answers only `tokensEthCall`. */
export const tokensNode =
  (tokens: Record<string, { symbol: string; decimals: number }>): NodeCall =>
  async (method, params) => {
    const answer = tokensEthCall(tokens, method, params)
    if (!answer) throw new Error(`unexpected ${method}`)
    return answer
  }
