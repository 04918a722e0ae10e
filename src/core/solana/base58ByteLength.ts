const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Each ASCII code's base58 digit, or -1. */
const digits: Int8Array = (() => {
  const table = new Int8Array(128).fill(-1)
  for (let index = 0; index < alphabet.length; index++) table[alphabet.charCodeAt(index)] = index
  return table
})()

/**
 * How many bytes `text` decodes to as base58 (Bitcoin's alphabet, as Solana's keys and
 * signatures), or undefined when it is not base58 or decodes to more than `max` bytes. It stops as
 * soon as the value outgrows `max`, so a long string costs no more than a short one. About ten
 * times cheaper than decoding with a codec (`@solana/kit`'s `isAddress`, whose answers it matches:
 * see its test), which the endpoint checks every key and signature of every call with.
 *
 * @example base58ByteLength('11111111111111111111111111111111', 32) // 32
 */
export function base58ByteLength(text: string, max: number): number | undefined {
  let zeros = 0
  while (zeros < text.length && text.charCodeAt(zeros) === 0x31) zeros++
  if (zeros > max) return undefined
  // The value so far, little-endian, in at most `max - zeros` bytes.
  const value = new Uint8Array(max - zeros)
  let length = 0
  for (let index = zeros; index < text.length; index++) {
    const code = text.charCodeAt(index)
    let carry = code < 128 ? (digits[code] as number) : -1
    if (carry < 0) return undefined
    for (let at = 0; at < length; at++) {
      carry += (value[at] as number) * 58
      value[at] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      if (length >= value.length) return undefined
      value[length++] = carry & 0xff
      carry >>= 8
    }
  }
  return zeros + length
}

/** A base58 public key (or blockhash): 32 to 44 characters decoding to 32 bytes. */
export const isBase58PublicKey = (text: string): boolean =>
  text.length >= 32 && text.length <= 44 && base58ByteLength(text, 32) === 32

/** A base58 transaction signature: 64 to 88 characters decoding to 64 bytes. */
export const isBase58Signature = (text: string): boolean =>
  text.length >= 64 && text.length <= 88 && base58ByteLength(text, 64) === 64
