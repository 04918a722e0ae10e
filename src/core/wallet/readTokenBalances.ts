import type { Address } from 'viem'
import { decodeFunctionResult, encodeFunctionData, erc20Abi, type Hex } from 'viem'
import type { NodeCall } from '../eth/nodeCall.ts'
import type { WatchedToken } from './createTokenWatcher.ts'

/** A watched token with each account's balance (base units, decimal strings; JSON-safe). */
export type TokenBalance = WatchedToken & { balances: Record<Address, string> }

/**
 * Each account's balance of each watched token (`balanceOf` by `eth_call` at `latest`), for the home
 * screen. A token whose call fails or answers otherwise than ERC-20 shows no balance for that
 * account; node errors other than a failed call are thrown.
 */
export async function readTokenBalances(
  call: NodeCall,
  tokens: readonly WatchedToken[],
  accounts: readonly Address[],
): Promise<TokenBalance[]> {
  return Promise.all(
    tokens.map(async (token) => {
      const entries = await Promise.all(
        accounts.map(async (account) => {
          const data = encodeFunctionData({
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [account],
          })
          const answer = await call('eth_call', [{ to: token.address, data }, 'latest'])
          if ('error' in answer || typeof answer.result !== 'string') return undefined
          try {
            const balance = decodeFunctionResult({
              abi: erc20Abi,
              functionName: 'balanceOf',
              data: answer.result as Hex,
            })
            return [account, balance.toString()] as const
          } catch (error) {
            console.debug('Aperture: a token answered balanceOf otherwise than ERC-20', error)
            return undefined
          }
        }),
      )
      const balances = Object.fromEntries(entries.filter((entry) => entry !== undefined))
      return { ...token, balances }
    }),
  )
}
