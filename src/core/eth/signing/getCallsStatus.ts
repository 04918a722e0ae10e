import type { ChainId } from '../../caip/types.ts'
import { unknownBatch } from '../../rpc/errors.ts'
import type { Json } from '../../rpc/types.ts'
import { callsStatusOf, toCallsReceipt } from '../../wallet/callsStatus.ts'
import { nodeResult } from '../nodeCall.ts'
import { callsVersion } from '../parseSendCallsParams.ts'
import { toQuantity } from '../quantity.ts'
import type { SignerPorts } from './ports.ts'

export type GetCallsStatusParameters = { origin: string; chainId: ChainId; id: string }

/**
 * `wallet_getCallsStatus` of one of `origin`'s batches on `chainId`: its receipts from the node and
 * the EIP-5792 status they add up to. Another origin's batch, or another chain's, is `5730`.
 */
export async function getCallsStatus(
  ports: Pick<SignerPorts, 'batches' | 'node'>,
  { origin, chainId, id }: GetCallsStatusParameters,
): Promise<Json> {
  const batch = await ports.batches.read(id)
  if (!batch || batch.origin !== origin || batch.chainId !== chainId) throw unknownBatch()
  const call = ports.node(chainId)
  const receipts = await Promise.all(
    batch.hashes.map(async (hash) =>
      toCallsReceipt(await nodeResult(call, 'eth_getTransactionReceipt', [hash])),
    ),
  )
  return {
    version: callsVersion,
    id: batch.id,
    chainId: toQuantity(BigInt(chainId.slice(chainId.indexOf(':') + 1))),
    status: callsStatusOf(batch, receipts),
    atomic: false,
    receipts: receipts.filter((receipt) => receipt !== null),
  }
}
