import type { ChainId } from '../../caip/types.ts'
import { broadcastSigned } from './broadcastSigned.ts'
import type { SignerPorts } from './ports.ts'
import { isBatchProgress, isSignedProgress } from './signedProgress.ts'

/**
 * On wake: broadcasts again every approved, signed transaction whose page has not been answered yet
 * (its record is still there), so a worker stopped between signing and sending loses nothing. The
 * same bytes: a node that has them already just says so.
 */
export async function resumeBroadcasts(
  ports: Pick<SignerPorts, 'confirmations' | 'node'>,
): Promise<void> {
  for (const record of await ports.confirmations.list()) {
    if (!record.result?.approved) continue
    const call = ports.node(record.chainId as ChainId)
    const signed = isSignedProgress(record.progress)
      ? [record.progress]
      : isBatchProgress(record.progress)
        ? record.progress.signed
        : []
    for (const transaction of signed) await broadcastSigned(call, transaction)
  }
}
