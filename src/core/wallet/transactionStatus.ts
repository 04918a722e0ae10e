import { isObject } from '@metamask/utils'
import type { NodeCall } from '../eth/nodeCall.ts'
import { nodeResult } from '../eth/nodeCall.ts'
import { readQuantity } from '../eth/quantity.ts'
import type { SentTransaction } from '../eth/signing/ports.ts'

/** A sent transaction with what the chain says of it: mined or not, and what it cost. */
export type TrackedTransaction = SentTransaction & {
  status: 'pending' | 'confirmed' | 'failed'
  /** The fee actually paid (gas used × effective price), in wei, once mined. */
  feeWei?: string
}

/**
 * Brings the wallet's own transactions up to date: each one still pending is looked up
 * (`eth_getTransactionReceipt`); mined → `confirmed` (status 1) or `failed` (status 0) with the fee
 * paid. A node that cannot be asked leaves it pending. Final ones are not asked again.
 */
export async function trackTransactions(
  call: (transaction: SentTransaction) => NodeCall,
  transactions: Array<SentTransaction | TrackedTransaction>,
): Promise<TrackedTransaction[]> {
  return Promise.all(
    transactions.map(async (transaction): Promise<TrackedTransaction> => {
      if ('status' in transaction && transaction.status !== 'pending') return transaction
      let receipt: unknown
      try {
        receipt = await nodeResult(call(transaction), 'eth_getTransactionReceipt', [
          transaction.hash,
        ])
      } catch (error) {
        console.warn('Aperture: a transaction status could not be read', error)
        return { ...transaction, status: 'pending' }
      }
      if (!isObject(receipt)) return { ...transaction, status: 'pending' }
      const gasUsed = readQuantity(receipt.gasUsed)
      const price = readQuantity(receipt.effectiveGasPrice)
      const tracked: TrackedTransaction = {
        ...transaction,
        status: receipt.status === '0x1' ? 'confirmed' : 'failed',
      }
      if (gasUsed !== undefined && price !== undefined)
        tracked.feeWei = (gasUsed * price).toString()
      return tracked
    }),
  )
}
