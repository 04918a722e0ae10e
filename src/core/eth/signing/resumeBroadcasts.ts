import type { SignerPorts } from './ports.ts'
import { resendSigned } from './resendSigned.ts'

/**
 * On wake: broadcasts again every approved, signed transaction whose page has not been answered yet
 * (its record is still there), so a worker stopped between signing and sending loses nothing. The
 * same bytes: a node that has them already just says so. Each one the node holds is in the
 * activity, marked as sent again (`resendSigned`), even when its page never asks again.
 */
export async function resumeBroadcasts(
  ports: Pick<SignerPorts, 'confirmations' | 'node' | 'sent' | 'now'>,
): Promise<void> {
  for (const record of await ports.confirmations.list()) {
    if (record.result?.approved) await resendSigned(ports, record)
  }
}
