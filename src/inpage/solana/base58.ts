/**
 * Base58 decoding (the Bitcoin alphabet Solana uses for addresses and signatures), written out here
 * so the page script carries a few hundred bytes instead of a codec library. The page only decodes
 * (addresses and the wallet's signatures: short texts), so the quadratic method is fine.
 */
const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/**
 * The bytes of a base58 text; `undefined` when it has a character outside the alphabet.
 *
 * @example decodeBase58('12') // Uint8Array [0, 1]
 */
export function decodeBase58(text: string): Uint8Array | undefined {
  const bytes: number[] = []
  for (const character of text) {
    let carry = alphabet.indexOf(character)
    if (carry < 0) return undefined
    for (let index = 0; index < bytes.length; index++) {
      carry += (bytes[index] as number) * 58
      bytes[index] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  for (const character of text) {
    if (character !== '1') break
    bytes.push(0)
  }
  return Uint8Array.from(bytes.reverse())
}
