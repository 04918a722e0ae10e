import {
  address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A finalized slot of the local node at `rpcUrl` whose block holds many SOL transfers (`count`
 * sent one after the other from a funded key of its own, each to a fresh address): the `getBlock`
 * answer a cache is for, where the node has real work to do, beside an empty block's. The node must
 * make blocks on a clock (`startSurfpool({ slotTimeMs })`): by default Surfpool makes one every few
 * tens of milliseconds, so the transfers spread one or two per block, and a blockhash expires
 * (150 blocks) before 200 are sent. Sent all at once, Surfpool stopped answering.
 */
export async function busyFinalizedBlock(
  rpcUrl: string,
  count: number,
): Promise<{ slot: number; transactions: number }> {
  const rpc = createSolanaRpc(rpcUrl)
  const payer = await generateKeyPairSigner()
  await rpc.requestAirdrop(payer.address, lamports(100_000_000_000n)).send()
  for (let attempt = 0; attempt < 100; attempt++) {
    const { value } = await rpc.getBalance(payer.address, { commitment: 'confirmed' }).send()
    if (value > 0n) break
    await sleep(100)
  }
  const recipients = await Promise.all(Array.from({ length: count }, () => generateKeyPairSigner()))
  const send = async (): Promise<Signature[]> => {
    const { value: blockhash } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
    const signed = await Promise.all(
      recipients.map(async (recipient, index) => {
        const message = pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(payer, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
          (m) =>
            appendTransactionMessageInstructions(
              [
                getTransferSolInstruction({
                  source: payer,
                  destination: address(recipient.address),
                  amount: lamports(1_000_000n + BigInt(index)),
                }),
              ],
              m,
            ),
        )
        return getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message))
      }),
    )
    const sent: Signature[] = []
    for (const wire of signed) {
      sent.push(await rpc.sendTransaction(wire, { encoding: 'base64' }).send())
    }
    return sent
  }
  // A node just started may not know its newest blockhash yet: ask again for a while.
  let signatures: Signature[] = []
  for (let attempt = 0; signatures.length === 0; attempt++) {
    try {
      signatures = await send()
    } catch (error) {
      if (attempt >= 50) throw error
      await sleep(200)
    }
  }
  const slots = new Map<number, number>()
  for (let attempt = 0; attempt < 600; attempt++) {
    const { value } = await rpc
      .getSignatureStatuses(signatures as Parameters<typeof rpc.getSignatureStatuses>[0])
      .send()
    if (value.every((status) => status?.confirmationStatus === 'finalized')) {
      for (const status of value) {
        const slot = Number(status?.slot)
        slots.set(slot, (slots.get(slot) ?? 0) + 1)
      }
      break
    }
    await sleep(100)
  }
  const [busiest] = [...slots].sort((a, b) => b[1] - a[1])
  if (!busiest) throw new Error(`${count} transfers were not finalized within 60 s`)
  return { slot: busiest[0], transactions: busiest[1] }
}
