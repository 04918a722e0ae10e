import type { Address, Hex } from 'viem'
import type { ChainId } from '../../caip/types.ts'
import type { ConfirmationViews } from '../../wallet/confirmationViews.ts'
import { describeTransaction } from '../../wallet/describeTransaction.ts'
import type { FeeChoice } from '../fees/chooseFee.ts'
import type { FeeFields } from '../fees/feeOption.ts'
import type { TransactionFees } from '../fees/offerFees.ts'
import { fillTransaction } from '../fillTransaction.ts'
import { type NodeCall, nodeResult } from '../nodeCall.ts'
import type { TransactionRequest } from '../parseTransactionParams.ts'
import { readQuantity } from '../quantity.ts'
import { readTokenInfo, type TokenInfo } from '../readTokenInfo.ts'
import { simulateCalls } from '../simulateCalls.ts'

export type PrepareTransactionsParameters = {
  chainId: ChainId
  from: Address
  /** One transaction, or a batch's calls in order (consecutive nonces from the pending one). */
  requests: TransactionRequest[]
  /** The fees of the pending transaction these replace (same nonce): the offer is bumped above them. */
  replacing?: FeeFields
  /** The fee the wallet's owner picked on the send screen: each offer starts on it. */
  picked?: FeeChoice
}

const tokensOf = async (call: NodeCall, addresses: Address[]): Promise<TokenInfo[]> => {
  const unique = [...new Set(addresses.map((address) => address.toLowerCase()))] as Address[]
  const infos = await Promise.all(unique.map((address) => readTokenInfo(call, address)))
  return infos.filter((info): info is TokenInfo => info !== undefined)
}

const codeOf = async (call: NodeCall, to: Address | undefined): Promise<Hex | undefined> => {
  if (to === undefined) return undefined
  const code = await nodeResult(call, 'eth_getCode', [to, 'latest'])
  return typeof code === 'string' ? (code as Hex) : undefined
}

/**
 * Fills, simulates and describes the transactions of one confirmation (one or a batch) on the
 * chain's node: what the window shows and, once approved, exactly what is signed (each with the fee
 * offer of its confirmation, `fees`).
 */
export async function prepareTransactions(
  ports: { node(chainId: ChainId): NodeCall },
  { chainId, from, requests, replacing, picked }: PrepareTransactionsParameters,
): Promise<ConfirmationViews['calls'] & { fees: TransactionFees[] }> {
  const call = ports.node(chainId)
  const chainNumber = BigInt(chainId.slice(chainId.indexOf(':') + 1))
  const firstNonce =
    requests.length > 1
      ? readQuantity(await nodeResult(call, 'eth_getTransactionCount', [from, 'pending']))
      : undefined
  const filled = await Promise.all(
    requests.map((request, index) =>
      fillTransaction({
        request,
        chainId: chainNumber,
        call,
        nonce: firstNonce === undefined ? undefined : firstNonce + BigInt(index),
        replacing,
        picked,
      }),
    ),
  )
  const transactions = filled.map(({ transaction }) => transaction)
  const [simulation, codes] = await Promise.all([
    simulateCalls({
      account: from,
      call,
      calls: transactions.map(({ to, value, data }) => ({ from, to, value, data })),
    }),
    Promise.all(transactions.map(({ to }) => codeOf(call, to))),
  ])
  const contracts = transactions.flatMap(({ to }, index) => {
    const code = codes[index]
    return to !== undefined && code !== undefined && code !== '0x' ? [to] : []
  })
  const changedTokens =
    simulation.kind === 'simulated'
      ? simulation.changes.flatMap(({ token }) => (token ? [token] : []))
      : []
  const tokens = await tokensOf(call, [...contracts, ...changedTokens])
  const previews = transactions.map((transaction, index) =>
    describeTransaction({
      transaction,
      toCode: codes[index],
      token: tokens.find((token) => token.address.toLowerCase() === transaction.to?.toLowerCase()),
    }),
  )
  return { from, transactions, previews, simulation, tokens, fees: filled.map(({ fees }) => fees) }
}
