import type { Hex } from 'viem'
import { stringToHex } from 'viem'
import type { Problem } from '../rpc/errors.ts'

const evenHexPattern = /^0x([0-9a-fA-F]{2})*$/
const signaturePattern = /^0x[0-9a-fA-F]{130}$/

/** The longest message `personal_ecRecover` takes, in bytes (as `personal_sign`). */
const maxMessageBytes = 64 * 1024

/**
 * `personal_ecRecover [message, signature]`: the message as bytes (0x-hex, or text taken as UTF-8,
 * as `personal_sign` takes it) and a 65-byte signature. Never throws.
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
  let bytes: Hex | undefined
  if (typeof message !== 'string') {
    problems.push({ path: 'params[0]', message: 'must be a 0x-hex string or text' })
  } else if (message.length > 4 * maxMessageBytes) {
    problems.push({ path: 'params[0]', message: `must be at most ${maxMessageBytes} bytes` })
  } else {
    bytes = evenHexPattern.test(message) ? (message as Hex) : stringToHex(message)
  }
  if (typeof signature !== 'string' || !signaturePattern.test(signature)) {
    problems.push({ path: 'params[1]', message: 'must be a 65-byte hex signature' })
  }
  if (problems.length > 0 || bytes === undefined) return { problems }
  return { message: bytes, signature: signature as Hex }
}
