import type { SentTransaction } from '../core/eth/signing/ports.ts'
import type { SentSolanaTransaction } from '../core/solana/signing/ports.ts'
import { type RecipientBook, recipientBookOf } from '../core/wallet/warnings/recipientBook.ts'
import { readAccounts, readNamespaceAccounts, type Storage } from './storage.ts'

/**
 * Reads the recipient rules' book (DESIGN §11) from the worker's own records when a confirmation
 * enters the queue: the transactions logs (EVM and Solana) and the accounts in `storage.local`.
 */
export function createRecipientBookReader(ports: {
  local: Storage
  transactions: { read(): Promise<SentTransaction[]> }
  solanaTransactions: { read(): Promise<SentSolanaTransaction[]> }
}): () => Promise<RecipientBook> {
  return async () => {
    const [transactions, solanaTransactions, evmAccounts, namespaceAccounts] = await Promise.all([
      ports.transactions.read(),
      ports.solanaTransactions.read(),
      readAccounts(ports.local),
      readNamespaceAccounts(ports.local),
    ])
    const own = [...evmAccounts, ...Object.values(namespaceAccounts).flat()]
    return recipientBookOf({ transactions, solanaTransactions, own })
  }
}
