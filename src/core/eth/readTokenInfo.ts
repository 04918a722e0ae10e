import type { Address } from 'viem'
import { decodeFunctionResult, encodeFunctionData, erc20Abi } from 'viem'
import type { NodeCall } from './nodeCall.ts'
import { decodedOrUndefined as decoded, viewCall as view } from './viewCall.ts'

/** What the wallet shows of an ERC-20 token: its symbol and decimals, as the token reports them. */
export type TokenInfo = { address: Address; symbol: string; decimals: number }

/**
 * The symbol and decimals of an ERC-20 token, read from the token with `eth_call`; undefined when
 * it does not answer them as ERC-20 does (the window then shows raw base units and the address).
 * A symbol is cut to 12 characters of letters, digits and a few signs: it is the token's own claim.
 */
export async function readTokenInfo(
  call: NodeCall,
  token: Address,
): Promise<TokenInfo | undefined> {
  const [symbolData, decimalsData] = await Promise.all([
    view(call, token, encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' })),
    view(call, token, encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' })),
  ])
  if (symbolData === undefined || decimalsData === undefined) return undefined
  const symbol = decoded(() =>
    decodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', data: symbolData }),
  )
  const decimals = decoded(() =>
    decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data: decimalsData }),
  )
  if (typeof symbol !== 'string' || typeof decimals !== 'number' || decimals > 36) return undefined
  const clean = symbol.replace(/[^\p{L}\p{N}$._-]/gu, '').slice(0, 12)
  return clean ? { address: token, symbol: clean, decimals } : undefined
}
