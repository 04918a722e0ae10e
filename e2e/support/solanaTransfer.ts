import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'

/**
 * `instructions` in a transaction paid by `feePayer` (its signature left empty), as wire bytes with
 * a fresh blockhash from `rpcUrl`: what a dapp built on @solana/kit hands a wallet to sign. With
 * `lookupTables` (table address → its addresses), the accounts found there are loaded from them.
 */
export async function unsignedTransaction(parameters: {
  rpcUrl: string
  feePayer: string
  instructions: Instruction[]
  lookupTables?: Record<string, string[]>
}): Promise<Uint8Array> {
  const { rpcUrl, feePayer, instructions, lookupTables = {} } = parameters
  const { value: latestBlockhash } = await createSolanaRpc(rpcUrl).getLatestBlockhash().send()
  const tables = Object.fromEntries(
    Object.entries(lookupTables).map(([table, addresses]) => [table, addresses.map(address)]),
  ) as Record<Address, Address[]>
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(feePayer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latestBlockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => compressTransactionMessageUsingAddressLookupTables(m, tables),
  )
  return Uint8Array.from(getTransactionEncoder().encode(compileTransaction(message)))
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
    instructions: [
      getTransferSolInstruction({
        source: createNoopSigner(address(parameters.from)),
        destination: address(parameters.to),
        amount: lamports(BigInt(parameters.amount)),
      }),
    ],
  })
