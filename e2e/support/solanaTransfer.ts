import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'

/**
 * A transfer of `amount` lamports from `from` (the fee payer, its signature left empty) to `to`,
 * as wire bytes with a fresh blockhash from `rpcUrl`: what a dapp built on @solana/kit hands a
 * wallet to sign. Used by the dapp page's bundle and by the specs that call `window.aperture`.
 */
export async function transferTransaction(parameters: {
  rpcUrl: string
  from: string
  to: string
  amount: number
}): Promise<Uint8Array> {
  const { rpcUrl, from, to, amount } = parameters
  const rpc = createSolanaRpc(rpcUrl)
  const { value: latestBlockhash } = await rpc.getLatestBlockhash().send()
  const source = createNoopSigner(address(from))
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(source.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latestBlockhash, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source,
          destination: address(to),
          amount: lamports(BigInt(amount)),
        }),
        m,
      ),
  )
  return Uint8Array.from(getTransactionEncoder().encode(compileTransaction(message)))
}
