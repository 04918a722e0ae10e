import { createSolanaRpc, type Instruction } from '@solana/kit'
import {
  transferInstruction,
  unsignedTransaction as withLifetime,
} from '../../src/core/solana/testing/transactions.ts'

/**
 * `instructions` in a transaction paid by `feePayer` (its signature left empty), as wire bytes with a
 * fresh blockhash from `rpcUrl`: what a dapp built on @solana/kit hands a wallet to sign. With
 * `lookupTables` (table address → its addresses), the accounts found there are loaded from them.
 */
export async function unsignedTransaction(parameters: {
  rpcUrl: string
  feePayer: string
  instructions: Instruction[]
  lookupTables?: Record<string, string[]>
}): Promise<Uint8Array> {
  const { rpcUrl, ...transaction } = parameters
  const { value: lifetime } = await createSolanaRpc(rpcUrl).getLatestBlockhash().send()
  return withLifetime({ ...transaction, lifetime })
}

/**
 * A transfer of `amount` lamports from `from` (the fee payer) to `to`, unsigned (`unsignedTransaction`).
 * Used by the dapp page's bundle and by the specs that call `window.aperture`.
 */
export const transferTransaction = (parameters: {
  rpcUrl: string
  from: string
  to: string
  amount: number
}): Promise<Uint8Array> =>
  unsignedTransaction({
    rpcUrl: parameters.rpcUrl,
    feePayer: parameters.from,
    instructions: [transferInstruction(parameters.from, parameters.to, BigInt(parameters.amount))],
  })
