import { isObject } from '@metamask/utils'
import type { Hex } from 'viem'
import type { NodeCall } from '../eth/nodeCall.ts'
import { nodeResult } from '../eth/nodeCall.ts'
import { readQuantity } from '../eth/quantity.ts'
import type { SentTransaction } from '../eth/signing/ports.ts'
import { echo } from '../rpc/errors.ts'
import type { Json } from '../rpc/types.ts'

/**
 * Where a transaction the wallet sent stands (DESIGN §9 "Activity"): `pending` until the node says
 * otherwise; mined as `confirmed` or `failed` (reverted); or its nonce taken by another mined
 * transaction — the wallet's speed-up of it (`replaced`), its cancel (`cancelled`), or any other
 * (`dropped`).
 */
export type TransactionStatus =
  | 'pending'
  | 'confirmed'
  | 'failed'
  | 'replaced'
  | 'cancelled'
  | 'dropped'

/** The statuses that never change again. */
export const isFinalStatus = (status: TransactionStatus): boolean => status !== 'pending'

/** A sent transaction with what the chain says of it. */
export type TrackedTransaction = SentTransaction & {
  status: TransactionStatus
  /** The fee actually paid (gas used × effective price), in wei, once mined. */
  feeWei?: string
  /** `failed`: why it reverted, when the node says (the receipt's `revertReason`, or a replay). */
  reason?: string
  /** `replaced` / `cancelled`: the wallet's transaction mined with its nonce. */
  replacedBy?: Hex
}

/** The longest revert reason kept (the node's own text). */
const maxReasonLength = 200

type Mined = Pick<TrackedTransaction, 'status' | 'feeWei' | 'reason'>

/** The status a receipt gives, with the fee paid and, for a revert, the node's reason. */
async function minedStatus(
  call: NodeCall,
  transaction: SentTransaction,
  receipt: Record<string, Json>,
): Promise<Mined> {
  const gasUsed = readQuantity(receipt.gasUsed)
  const price = readQuantity(receipt.effectiveGasPrice)
  const feeWei =
    gasUsed !== undefined && price !== undefined ? (gasUsed * price).toString() : undefined
  const mined: Mined = { status: receipt.status === '0x1' ? 'confirmed' : 'failed' }
  if (feeWei !== undefined) mined.feeWei = feeWei
  if (mined.status === 'failed') {
    const reason = await revertReason(call, transaction.hash, receipt)
    if (reason !== undefined) mined.reason = reason
  }
  return mined
}

/**
 * Why a mined transaction reverted, as the node tells it: the receipt's `revertReason` when the
 * node puts one there, else the error of the same call replayed (`eth_call`) on the state before
 * its block. Undefined when the node says nothing (a replay that succeeds gives no reason).
 */
async function revertReason(
  call: NodeCall,
  hash: Hex,
  receipt: Record<string, Json>,
): Promise<string | undefined> {
  if (typeof receipt.revertReason === 'string' && receipt.revertReason !== '') {
    return echo(receipt.revertReason, maxReasonLength)
  }
  const block = readQuantity(receipt.blockNumber)
  const sent = await nodeResult(call, 'eth_getTransactionByHash', [hash])
  if (block === undefined || block === 0n || !isObject(sent)) return undefined
  const replay: Record<string, Json> = { from: sent.from ?? null, data: sent.input ?? '0x' }
  if (typeof sent.to === 'string') replay.to = sent.to
  if (typeof sent.value === 'string') replay.value = sent.value
  if (typeof sent.gas === 'string') replay.gas = sent.gas
  const answer = await call('eth_call', [replay, `0x${(block - 1n).toString(16)}`])
  return 'error' in answer ? echo(answer.error.message, maxReasonLength) : undefined
}

const receiptOf = async (call: NodeCall, hash: Hex): Promise<Record<string, Json> | undefined> => {
  const receipt = await nodeResult(call, 'eth_getTransactionReceipt', [hash])
  return isObject(receipt) ? receipt : undefined
}

const sameSender = (a: SentTransaction, b: SentTransaction): boolean =>
  a.chainId === b.chainId && a.from.toLowerCase() === b.from.toLowerCase()

/**
 * Brings the wallet's own transactions up to date from the node, never by guess:
 * - a receipt (`eth_getTransactionReceipt`) makes it `confirmed` (status 1) or `failed` (status 0,
 *   with the revert reason the node gives), with the fee paid;
 * - without one, a nonce the sender's mined count (`eth_getTransactionCount … latest`) has passed
 *   means another transaction took it (the receipt is asked once more first, in case it was mined in
 *   between): the wallet's mined replacement of it (a speed-up → `replaced`, a cancel →
 *   `cancelled`, `replacedBy` its hash), or else `dropped`;
 * - anything else stays `pending`, as does a transaction whose node cannot be asked.
 * Final ones are not asked again.
 */
export async function trackTransactions(
  call: (transaction: SentTransaction) => NodeCall,
  transactions: Array<SentTransaction | TrackedTransaction>,
): Promise<TrackedTransaction[]> {
  const mined = await Promise.all(
    transactions.map(async (transaction): Promise<TrackedTransaction> => {
      if ('status' in transaction && isFinalStatus(transaction.status)) return transaction
      try {
        const receipt = await receiptOf(call(transaction), transaction.hash)
        if (receipt === undefined) return { ...transaction, status: 'pending' }
        return { ...transaction, ...(await minedStatus(call(transaction), transaction, receipt)) }
      } catch (error) {
        console.warn('Aperture: a transaction status could not be read', error)
        return { ...transaction, status: 'pending' }
      }
    }),
  )
  const minedCounts = new Map<string, Promise<bigint | undefined>>()
  const minedCount = (transaction: SentTransaction): Promise<bigint | undefined> => {
    const key = `${transaction.chainId}/${transaction.from.toLowerCase()}`
    let count = minedCounts.get(key)
    if (!count) {
      count = nodeResult(call(transaction), 'eth_getTransactionCount', [
        transaction.from,
        'latest',
      ]).then(readQuantity)
      minedCounts.set(key, count)
    }
    return count
  }
  return Promise.all(
    mined.map(async (transaction): Promise<TrackedTransaction> => {
      if (transaction.status !== 'pending' || transaction.nonce === undefined) return transaction
      try {
        const count = await minedCount(transaction)
        if (count === undefined || count <= BigInt(transaction.nonce)) return transaction
        const receipt = await receiptOf(call(transaction), transaction.hash)
        if (receipt !== undefined) {
          return { ...transaction, ...(await minedStatus(call(transaction), transaction, receipt)) }
        }
        const taker = mined.find(
          (other) =>
            other.hash !== transaction.hash &&
            sameSender(other, transaction) &&
            other.nonce === transaction.nonce &&
            (other.status === 'confirmed' || other.status === 'failed'),
        )
        if (taker?.replaces === undefined) return { ...transaction, status: 'dropped' }
        return {
          ...transaction,
          status: taker.replaces.kind === 'cancel' ? 'cancelled' : 'replaced',
          replacedBy: taker.hash,
        }
      } catch (error) {
        console.warn('Aperture: a transaction nonce could not be read', error)
        return transaction
      }
    }),
  )
}
