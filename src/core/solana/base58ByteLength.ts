const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Each ASCII code's base58 digit, or -1. */
const digits: Int8Array = (() => {
  const table = new Int8Array(128).fill(-1)
  for (let index = 0; index < alphabet.length; index++) table[alphabet.charCodeAt(index)] = index
  return table
})()

/** Digits read per step: 58⁴ < 2²⁴, so a 24-bit limb times 58⁴ plus a carry is exact in a double. */
const stepDigits = 4
const limbBase = 2 ** 24
/** Bytes per 24-bit limb. */
const limbBytes = 3

/** The value being read, in 24-bit limbs, little-endian: reused by every call (none awaits). */
let limbs = new Float64Array(24)

/**
 * How many bytes `text` decodes to as base58 (Bitcoin's alphabet, as Solana's keys and
 * signatures), or undefined when it is not base58 or decodes to more than `max` bytes. It stops as
 * soon as the value outgrows `max`, so a long string costs no more than a short one. It reads four
 * digits per step into 24-bit limbs (a key's 44 characters are 11 steps over at most 11 limbs, not
 * 44 over 32 bytes): the endpoint checks every key and signature of every call with it, ten times
 * cheaper than decoding with a codec (`@solana/kit`'s `isAddress`, whose answers it matches: see
 * its test) and about five times cheaper than byte by byte (docs/performance.md).
 *
 * @example base58ByteLength('11111111111111111111111111111111', 32) // 32
 */
export function base58ByteLength(text: string, max: number): number | undefined {
  let zeros = 0
  while (zeros < text.length && text.charCodeAt(zeros) === 0x31) zeros++
  if (zeros > max) return undefined
  // The value grows with every digit, so once it needs more limbs than `max - zeros` bytes fill, it
  // is too long.
  const room = max - zeros
  const maxLimbs = Math.ceil(room / limbBytes)
  if (limbs.length < maxLimbs) limbs = new Float64Array(maxLimbs)
  let length = 0
  let index = zeros
  while (index < text.length) {
    const end = Math.min(index + stepDigits, text.length)
    let carry = 0
    let multiplier = 1
    for (; index < end; index++) {
      const code = text.charCodeAt(index)
      const digit = code < 128 ? (digits[code] as number) : -1
      if (digit < 0) return undefined
      carry = carry * 58 + digit
      multiplier *= 58
    }
    for (let at = 0; at < length; at++) {
      const value = (limbs[at] as number) * multiplier + carry
      carry = Math.floor(value / limbBase)
      limbs[at] = value - carry * limbBase
    }
    while (carry > 0) {
      if (length >= maxLimbs) return undefined
      const next = Math.floor(carry / limbBase)
      limbs[length++] = carry - next * limbBase
      carry = next
    }
  }
  if (length === 0) return zeros
  const top = limbs[length - 1] as number
  const bytes = (length - 1) * limbBytes + (top >= 0x10000 ? 3 : top >= 0x100 ? 2 : 1)
  return bytes > room ? undefined : zeros + bytes
}

/** A base58 public key (or blockhash): 32 to 44 characters decoding to 32 bytes. */
export const isBase58PublicKey = (text: string): boolean =>
  text.length >= 32 && text.length <= 44 && base58ByteLength(text, 32) === 32

/** A base58 transaction signature: 64 to 88 characters decoding to 64 bytes. */
export const isBase58Signature = (text: string): boolean =>
  text.length >= 64 && text.length <= 88 && base58ByteLength(text, 64) === 64
