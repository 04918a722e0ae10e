import { isAddress } from 'viem'

/**
 * Whether `address` (0x and 40 hex digits, as written) carries an EIP-55 checksum that does not
 * match: its letters are mixed-case (all-lowercase and all-uppercase carry no checksum) and viem's
 * strict `isAddress` refuses it — a typo, or an address altered on the way.
 *
 * @example hasBadChecksum('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293Bc') // true (last letter)
 */
export function hasBadChecksum(address: string): boolean {
  if (!isAddress(address, { strict: false })) return false
  const digits = address.slice(2)
  const uniformCase = digits === digits.toLowerCase() || digits === digits.toUpperCase()
  return !uniformCase && !isAddress(address, { strict: true })
}
