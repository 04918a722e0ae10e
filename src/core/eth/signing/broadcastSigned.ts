import type { SignerAnswer } from '../../multichain/ports.ts'
import type { NodeCall } from '../nodeCall.ts'
import type { SignedProgress } from './signedProgress.ts'

/**
 * Broadcasts a signed transaction and answers its hash; a node that refuses it but already has it
 * (a re-broadcast of the same bytes) is a success.
 */
export async function broadcastSigned(
  call: NodeCall,
  signed: SignedProgress,
): Promise<SignerAnswer> {
  const answer = await call('eth_sendRawTransaction', [signed.raw])
  if (!('error' in answer)) return { result: signed.hash }
  const known = await call('eth_getTransactionByHash', [signed.hash])
  if ('result' in known && known.result !== null) return { result: signed.hash }
  return { error: answer.error }
}
