import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'

/** The blockhash of transactions built without one: never a live chain's (for decoding tests). */
const fixedLifetime = {
  blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' as Blockhash,
  lastValidBlockHeight: 100n,
}

/**
 * `instructions` in a v0 transaction paid by `feePayer` (signatures left empty), as wire bytes,
 * with `lifetime` (a node's latest blockhash) or a fixed blockhash; with `lookupTables` (table
 * address → its addresses in order), the accounts found there are loaded from them.
 */
export function unsignedTransaction(parameters: {
  feePayer: string
  instructions: Instruction[]
  lookupTables?: Record<string, readonly string[]>
  lifetime?: { blockhash: Blockhash; lastValidBlockHeight: bigint }
}): Uint8Array {
  const tables = Object.fromEntries(
    Object.entries(parameters.lookupTables ?? {}).map(([table, addresses]) => [
      table,
      [...addresses],
    ]),
  ) as Record<Address, Address[]>
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(parameters.feePayer as Address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(parameters.lifetime ?? fixedLifetime, m),
    (m) => appendTransactionMessageInstructions(parameters.instructions, m),
    (m) => compressTransactionMessageUsingAddressLookupTables(m, tables),
  )
  return Uint8Array.from(getTransactionEncoder().encode(compileTransaction(message)))
}

/** The System transfer instruction of `amount` lamports, `from` signing. */
export const transferInstruction = (from: string, to: string, amount: bigint): Instruction =>
  getTransferSolInstruction({
    source: createNoopSigner(from as Address),
    destination: to as Address,
    amount: lamports(amount),
  })

/** A transfer of `amount` lamports paid and signed by `from` alone (unsigned wire bytes). */
export const transferTransaction = (from: string, to: string, amount: bigint): Uint8Array =>
  unsignedTransaction({ feePayer: from, instructions: [transferInstruction(from, to, amount)] })
