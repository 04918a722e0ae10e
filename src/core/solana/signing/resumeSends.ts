import type { SolanaSignerPorts } from './ports.ts'
import { sendKept } from './sendKept.ts'
import { isSolanaSignedProgress } from './signedProgress.ts'

/**
 * On wake: sends again every approved, signed Solana transaction whose page has not been answered
 * yet, so a worker stopped between signing and sending loses nothing. The same bytes, the same
 * signature: a node that has it already just says so.
 */
export async function resumeSends(
  ports: Pick<SolanaSignerPorts, 'confirmations' | 'node' | 'sent' | 'now'>,
): Promise<void> {
  for (const record of await ports.confirmations.list()) {
    if (!record.result?.approved || !isSolanaSignedProgress(record.progress)) continue
    await sendKept(ports, record, record.progress)
  }
}
