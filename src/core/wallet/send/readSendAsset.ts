import { type Address, decodeFunctionResult, encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { type NodeCall, nodeResult } from '../../eth/nodeCall.ts'
import { readQuantity } from '../../eth/quantity.ts'
import { readTokenInfo } from '../../eth/readTokenInfo.ts'
import type { SolanaSendToken } from '../../solana/buildTransferTransaction.ts'
import { readTokenHoldings } from '../../solana/readTokenHoldings.ts'
import type { SendNamespace } from './checkRecipient.ts'

/**
 * An asset the account can send, with what it holds of it (base units, decimal string): the native
 * coin (`id: 'native'`), an ERC-20 (`id`: its contract), or an SPL / Token-2022 token (`id`: its
 * mint, with the token account it is sent from).
 */
export type SendAsset = {
  id: 'native' | string
  symbol: string
  decimals: number
  balance: string
  solanaToken?: SolanaSendToken
}

/** The native coins: ETH on every EVM network of the wallet (as Home shows it), SOL on Solana. */
export const nativeAssets: Record<SendNamespace, { symbol: string; decimals: number }> = {
  eip155: { symbol: 'ETH', decimals: 18 },
  solana: { symbol: 'SOL', decimals: 9 },
}

/** The native balance of `address` (`eth_getBalance` at `latest`, or `getBalance` at `confirmed`). */
async function nativeBalance(
  call: NodeCall,
  namespace: SendNamespace,
  address: string,
): Promise<bigint> {
  if (namespace === 'eip155') {
    return readQuantity(await nodeResult(call, 'eth_getBalance', [address, 'latest'])) ?? 0n
  }
  const answer = await nodeResult(call, 'getBalance', [address, { commitment: 'confirmed' }])
  const value =
    typeof answer === 'object' && answer !== null && 'value' in answer ? answer.value : undefined
  return typeof value === 'number' ? BigInt(value) : 0n
}

/** `owner`'s balance of an ERC-20 (`balanceOf` by `eth_call`). */
async function erc20Balance(call: NodeCall, token: Address, owner: string): Promise<bigint> {
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner as Address],
  })
  const result = await nodeResult(call, 'eth_call', [{ to: token, data }, 'latest'])
  return decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: result as Hex })
}

/** A mint's short name while Solana tokens carry no symbol the wallet reads: its first characters. */
const mintLabel = (mint: string): string => `${mint.slice(0, 4)}…${mint.slice(-4)}`

/**
 * The assets `from` can send on one network, with their balances: the native coin, then on EVM the
 * watched ERC-20 tokens (symbol and decimals read from each token), on Solana every SPL and
 * Token-2022 token the account holds. Node errors are thrown.
 */
export async function readSendAssets(parameters: {
  call: NodeCall
  namespace: SendNamespace
  from: string
  /** The ERC-20 tokens the user watches on this network (EVM only). */
  watched: readonly Address[]
}): Promise<SendAsset[]> {
  const { call, namespace, from } = parameters
  const native: SendAsset = {
    id: 'native',
    ...nativeAssets[namespace],
    balance: (await nativeBalance(call, namespace, from)).toString(),
  }
  if (namespace === 'solana') {
    const holdings = await readTokenHoldings(call, from)
    return [
      native,
      ...holdings.map((holding) => ({
        id: holding.mint,
        symbol: mintLabel(holding.mint),
        decimals: holding.decimals,
        balance: holding.balance,
        solanaToken: {
          mint: holding.mint,
          decimals: holding.decimals,
          program: holding.program,
          source: holding.source,
        },
      })),
    ]
  }
  const tokens = await Promise.all(
    parameters.watched.map((token) => readSendAsset({ call, namespace, from, asset: token })),
  )
  return [native, ...tokens.filter((token): token is SendAsset => token !== undefined)]
}

/**
 * One asset of `from`, read from the chain now (the worker's check of a send): the native coin, an
 * ERC-20 at any address typed in (undefined when it does not answer as ERC-20 does), or a Solana
 * token the account holds (undefined when it holds none).
 */
export async function readSendAsset(parameters: {
  call: NodeCall
  namespace: SendNamespace
  from: string
  asset: 'native' | string
}): Promise<SendAsset | undefined> {
  const { call, namespace, from, asset } = parameters
  if (asset === 'native') {
    return {
      id: 'native',
      ...nativeAssets[namespace],
      balance: (await nativeBalance(call, namespace, from)).toString(),
    }
  }
  if (namespace === 'solana') {
    const held = await readSendAssets({ call, namespace, from, watched: [] })
    return held.find((candidate) => candidate.id === asset && candidate.id !== 'native')
  }
  const info = await readTokenInfo(call, asset as Address)
  if (!info) return undefined
  const balance = await erc20Balance(call, info.address, from)
  return {
    id: info.address,
    symbol: info.symbol,
    decimals: info.decimals,
    balance: balance.toString(),
  }
}
