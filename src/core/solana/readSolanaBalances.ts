import { isObject } from '@metamask/utils'
import { type NodeCall, nodeResult } from '../eth/nodeCall.ts'
import type { SentSolanaTransaction } from './signing/ports.ts'

/** The accounts' SOL balances (lamports, decimal strings) at one slot. */
export type SolanaBalances = { slot: string; balances: Record<string, string> }

/**
 * The SOL balance of each address, read in one `getMultipleAccounts` at `confirmed` (one slot for
 * all); an address with no account holds 0. Node errors are thrown (`NodeAnswerError`).
 */
export async function readSolanaBalances(
  call: NodeCall,
  addresses: readonly string[],
): Promise<SolanaBalances> {
  const answer = await nodeResult(call, 'getMultipleAccounts', [
    [...addresses],
    { encoding: 'base64', commitment: 'confirmed', dataSlice: { offset: 0, length: 0 } },
  ])
  const context = isObject(answer) && isObject(answer.context) ? answer.context : {}
  const values = isObject(answer) && Array.isArray(answer.value) ? answer.value : []
  const balances: Record<string, string> = {}
  addresses.forEach((address, index) => {
    const account = values[index]
    const lamports =
      isObject(account) && typeof account.lamports === 'number' ? account.lamports : 0
    balances[address] = BigInt(lamports).toString()
  })
  return { slot: String(context.slot ?? ''), balances }
}

/** A sent Solana transaction with what its chain says of it. */
export type TrackedSolanaTransaction = SentSolanaTransaction & {
  status: 'pending' | 'confirmed' | 'failed'
}

/**
 * The statuses of the wallet's Solana transactions (`getSignatureStatuses`, history searched):
 * `confirmed` once confirmed or finalized without error, `failed` with an error, else `pending` (also
 * when the node cannot be asked).
 */
export async function trackSolanaTransactions(
  call: (chainId: string) => NodeCall,
  transactions: readonly SentSolanaTransaction[],
): Promise<TrackedSolanaTransaction[]> {
  return Promise.all(
    transactions.map(async (transaction): Promise<TrackedSolanaTransaction> => {
      try {
        const answer = await nodeResult(call(transaction.chainId), 'getSignatureStatuses', [
          [transaction.signature],
          { searchTransactionHistory: true },
        ])
        const status = isObject(answer) && Array.isArray(answer.value) ? answer.value[0] : null
        if (!isObject(status)) return { ...transaction, status: 'pending' }
        if (status.err !== null && status.err !== undefined) {
          return { ...transaction, status: 'failed' }
        }
        const done =
          status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized'
        return { ...transaction, status: done ? 'confirmed' : 'pending' }
      } catch (error) {
        console.warn('Aperture: a Solana transaction status could not be read', error)
        return { ...transaction, status: 'pending' }
      }
    }),
  )
}
