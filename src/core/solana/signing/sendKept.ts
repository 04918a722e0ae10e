import type { NodeCall } from '../../eth/nodeCall.ts'
import type { SignerAnswer } from '../../multichain/ports.ts'
import type { Json } from '../../rpc/types.ts'
import type { SolanaConfirmationViews } from '../../wallet/confirmationViews.ts'
import type { ConfirmationRecord } from '../../wallet/createConfirmations.ts'
import { instructionRecipients } from '../instructionRecipients.ts'
import type { SendOptions } from '../parseSigningParams.ts'
import type { SolanaSignerPorts } from './ports.ts'
import type { SolanaSignedProgress } from './signedProgress.ts'

/** Sends a signed transaction; a node that refuses it but already has it (a re-send) is a success. */
async function sendSigned(
  call: NodeCall,
  signed: SolanaSignedProgress,
  options: SendOptions,
): Promise<SignerAnswer> {
  const answer = await call('sendTransaction', [
    signed.solanaTransaction,
    { encoding: 'base64', ...options } as Json,
  ])
  if (!('error' in answer)) return { result: { signature: signed.signature } }
  const known = await call('getSignatureStatuses', [
    [signed.signature],
    { searchTransactionHistory: true },
  ])
  const statuses =
    'result' in known && typeof known.result === 'object' && known.result !== null
      ? (known.result as { value?: unknown }).value
      : undefined
  if (Array.isArray(statuses) && statuses[0] !== null && statuses[0] !== undefined) {
    return { result: { signature: signed.signature } }
  }
  return { error: answer.error }
}

/**
 * Sends the transaction kept on `record` (the first time, or again after a restart) with the
 * dapp's send options, and tells `sent` once the node has it.
 */
export async function sendKept(
  ports: Pick<SolanaSignerPorts, 'node' | 'sent' | 'now'>,
  record: ConfirmationRecord,
  signed: SolanaSignedProgress,
): Promise<SignerAnswer> {
  const view = record.view as unknown as SolanaConfirmationViews['solana_transaction']
  const answer = await sendSigned(ports.node(record.chainId), signed, view.options ?? {})
  if ('result' in answer) {
    ports.sent({
      signature: signed.signature,
      origin: record.origin,
      chainId: record.chainId,
      from: view.address,
      ...(view.preview.kind === 'simulated' ? { lamportsChange: view.preview.lamportsChange } : {}),
      at: ports.now(),
      recipients: instructionRecipients(view.instructions)
        .filter(({ role }) => role === 'recipient')
        .map(({ address }) => address),
    })
  }
  return answer
}
