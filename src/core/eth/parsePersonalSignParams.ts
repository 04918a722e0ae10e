import type { Address } from 'viem'
import { getAddress, type Hex, stringToHex } from 'viem'
import type { Problem } from '../rpc/errors.ts'
import { isAddress } from './hex.ts'

/** The largest message accepted for `personal_sign`, in bytes (a page of text is a few KiB). */
export const maxMessageBytes = 64 * 1024

/** `personal_sign` params, normalized: the message as bytes (hex) and the EIP-55 signing address. */
export type PersonalSignParams = { message: Hex; address: Address }

const evenHexPattern = /^0x([0-9a-fA-F]{2})*$/

/**
 * An EIP-191 message as `personal_sign` (and `personal_ecRecover`) take it: 0x-hex bytes, or a
 * string that is not hex taken as UTF-8 text; at most `maxMessageBytes`.
 */
export function readSignedMessage(
  message: unknown,
  path: string,
): { bytes: Hex } | { problem: Problem } {
  if (typeof message !== 'string')
    return { problem: { path, message: 'must be a 0x-hex string or text' } }
  if (message.length > 4 * maxMessageBytes + 2) {
    return { problem: { path, message: `must be at most ${maxMessageBytes} bytes` } }
  }
  const bytes = evenHexPattern.test(message) ? (message.toLowerCase() as Hex) : stringToHex(message)
  if ((bytes.length - 2) / 2 > maxMessageBytes) {
    return { problem: { path, message: `must be at most ${maxMessageBytes} bytes` } }
  }
  return { bytes }
}

/**
 * Checks `personal_sign [message, address]` (EIP-191). The message is 0x-hex bytes; a string that
 * is not hex is taken as UTF-8 text, as the reference wallets do. Problems carry their path.
 *
 * @example parsePersonalSignParams(['0x68656c6c6f', '0xf39f…2266']) // { params: { message: '0x68656c6c6f', address: '0xf39F…2266' } }
 */
export function parsePersonalSignParams(
  params: unknown,
): { params: PersonalSignParams } | { problems: Problem[] } {
  if (!Array.isArray(params) || params.length < 2) {
    return { problems: [{ path: 'params', message: 'must be [message, address]' }] }
  }
  const [message, address] = params
  const problems: Problem[] = []
  const read = readSignedMessage(message, 'params[0]')
  if ('problem' in read) problems.push(read.problem)
  const bytes = 'bytes' in read ? read.bytes : undefined
  if (!isAddress(address)) {
    problems.push({ path: 'params[1]', message: 'must be a 20-byte hex address' })
  }
  if (problems.length > 0 || bytes === undefined || !isAddress(address)) return { problems }
  return { params: { message: bytes, address: getAddress(address) } }
}
