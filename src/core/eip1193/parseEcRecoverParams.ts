import type { Hex } from 'viem'
import { readSignedMessage } from '../eth/parsePersonalSignParams.ts'
import type { Problem } from '../rpc/errors.ts'

const signaturePattern = /^0x[0-9a-fA-F]{130}$/

/**
 * `personal_ecRecover [message, signature]`: the message as `personal_sign` takes it (0x-hex bytes,
 * or text taken as UTF-8; `readSignedMessage`) and a 65-byte signature. Never throws.
 *
 * @example parseEcRecoverParams(['0x68656c6c6f', '0x…(65 bytes)']) // { message: '0x68656c6c6f', signature: '0x…' }
 */
export function parseEcRecoverParams(
  params: unknown,
): { message: Hex; signature: Hex } | { problems: Problem[] } {
  if (!Array.isArray(params) || params.length < 2) {
    return { problems: [{ path: 'params', message: 'must be [message, signature]' }] }
  }
  const [message, signature] = params
  const problems: Problem[] = []
  const read = readSignedMessage(message, 'params[0]')
  if ('problem' in read) problems.push(read.problem)
  if (typeof signature !== 'string' || !signaturePattern.test(signature)) {
    problems.push({ path: 'params[1]', message: 'must be a 65-byte hex signature' })
  }
  if (problems.length > 0 || !('bytes' in read)) return { problems }
  return { message: read.bytes, signature: signature as Hex }
}
