import { createSolanaRpc, generateKeyPairSigner, type Signature } from '@solana/kit'
import { fundedSigner, signedTransfer } from '../../src/endpoint/solanaSupport.ts'
import { result } from '../../src/endpoint/testSupport.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A finalized slot of the local node at `rpcUrl` whose block holds many SOL transfers: `count` sent
 * one after the other from a funded key of its own, each to a fresh address (`solanaSupport.ts`).
 * It is the `getBlock` answer a cache is for, where the node has real work to do, beside an empty
 * block's. The node must make blocks on a clock (`startSurfpool({ slotTimeMs })`): by default
 * Surfpool makes one every few tens of milliseconds, so the transfers would spread one or two per
 * block, and a blockhash expire (150 blocks) before 200 are sent.
 */
export async function busyFinalizedBlock(
  rpcUrl: string,
  count: number,
): Promise<{ slot: number; transactions: number }> {
  const payer = await fundedSigner(rpcUrl, 100n)
  const transfers = []
  for (let index = 0; index < count; index++) {
    const { address } = await generateKeyPairSigner()
    transfers.push(await signedTransfer(rpcUrl, payer, address, 1_000_000n))
  }
  // All signed first, then sent back to back: they land in as few blocks as the clock allows.
  const signatures: Signature[] = []
  for (const { wire, signature } of transfers) {
    await result(rpcUrl, 'sendTransaction', [wire, { encoding: 'base64' }])
    signatures.push(signature as Signature)
  }
  const rpc = createSolanaRpc(rpcUrl)
  const slots = new Map<number, number>()
  for (let attempt = 0; attempt < 600; attempt++) {
    const { value } = await rpc.getSignatureStatuses(signatures).send()
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
