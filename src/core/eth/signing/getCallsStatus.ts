import type { Hex } from 'viem'
import type { ChainId } from '../../caip/types.ts'
import { unknownBatch } from '../../rpc/errors.ts'
import type { Json } from '../../rpc/types.ts'
import { type CallsReceipt, callsStatusOf, toCallsReceipt } from '../../wallet/callsStatus.ts'
import { nodeResult } from '../nodeCall.ts'
import { callsVersion } from '../parseSendCallsParams.ts'
import { toQuantity } from '../quantity.ts'
import type { SentTransaction, SignerPorts } from './ports.ts'

export type GetCallsStatusParameters = { origin: string; chainId: ChainId; id: string }

/** The most speed-ups followed from one call's transaction (a speed-up of a speed-up, …). */
const maxSpeedUps = 10

/**
 * `wallet_getCallsStatus` of one of `origin`'s batches on `chainId`: its receipts from the node and
 * the EIP-5792 status they add up to. A call whose transaction the user sped up follows the
 * replacement (DESIGN §9): while its own hash has no receipt, the receipt of the wallet's mined
 * speed-up of it stands in. Another origin's batch, or another chain's, is `5730`.
 */
export async function getCallsStatus(
  ports: Pick<SignerPorts, 'batches' | 'node' | 'log'>,
  { origin, chainId, id }: GetCallsStatusParameters,
): Promise<Json> {
  const batch = await ports.batches.read(id)
  if (!batch || batch.origin !== origin || batch.chainId !== chainId) throw unknownBatch()
  const call = ports.node(chainId)
  let log: SentTransaction[] | undefined
  const receiptFollowing = async (hash: Hex, speedUps: number): Promise<CallsReceipt | null> => {
    const receipt = toCallsReceipt(await nodeResult(call, 'eth_getTransactionReceipt', [hash]))
    if (receipt !== null || speedUps >= maxSpeedUps) return receipt
    log ??= await ports.log.read()
    for (const next of log) {
      if (next.replaces?.hash !== hash || next.replaces.kind !== 'speedUp') continue
      const followed = await receiptFollowing(next.hash, speedUps + 1)
      if (followed !== null) return followed
    }
    return null
  }
  const receipts = await Promise.all(batch.hashes.map((hash) => receiptFollowing(hash, 0)))
  return {
    version: callsVersion,
    id: batch.id,
    chainId: toQuantity(BigInt(chainId.slice(chainId.indexOf(':') + 1))),
    status: callsStatusOf(batch, receipts),
    atomic: false,
    receipts: receipts.filter((receipt) => receipt !== null),
  }
}
