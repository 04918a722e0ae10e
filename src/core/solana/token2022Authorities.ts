import {
  getAddressDecoder,
  getOptionDecoder,
  getStructDecoder,
  getU8Decoder,
  type Option,
  type Address as SolanaAddress,
} from '@solana/kit'

/**
 * Token-2022's authority changes, laid out with @solana/kit's codecs as Token-2022's program
 * writes them. Its generated client (`@solana-program/token-2022`) would decode them, but it asks
 * for @solana/kit 7 (the wallet is on 8) and a zero-knowledge SDK the wallet has no use for; and
 * `@solana-program/token`'s `SetAuthority` knows only the SPL Token's four authority types, so a
 * Token-2022 extension's authority handed away (its permanent delegate, say) would not decode.
 */

/** `SetAuthority`'s discriminator, shared by SPL Token and Token-2022. */
export const setAuthorityDiscriminator = 6
/** `InitializePermanentDelegate`'s discriminator (Token-2022 only). */
export const initializePermanentDelegateDiscriminator = 35

/** Token-2022's authority types by number, as its `AuthorityType` enum names them. */
const token2022AuthorityTypes = [
  'mint authority',
  'freeze authority',
  'account owner',
  'close authority',
  'transfer fee config authority',
  'withheld withdraw authority',
  'close mint authority',
  'interest rate authority',
  'permanent delegate',
  'confidential transfer mint authority',
  'transfer hook program authority',
  'confidential transfer fee authority',
  'metadata pointer authority',
  'group pointer authority',
  'group member pointer authority',
  'scaled UI amount authority',
  'pause authority',
] as const

const setAuthorityDecoder = getStructDecoder([
  ['discriminator', getU8Decoder()],
  ['authorityType', getU8Decoder()],
  ['newAuthority', getOptionDecoder(getAddressDecoder())],
])

const initializePermanentDelegateDecoder = getStructDecoder([
  ['discriminator', getU8Decoder()],
  ['delegate', getAddressDecoder()],
])

/**
 * A Token-2022 `SetAuthority`'s data: the role (by Token-2022's names) and the new holder (`null`
 * when the authority is removed). Throws on data that does not fit, or on an unknown type.
 */
export function decodeToken2022SetAuthority(data: Uint8Array): {
  role: string
  newAuthority: Option<SolanaAddress>
} {
  const { authorityType, newAuthority } = setAuthorityDecoder.decode(data)
  const role = token2022AuthorityTypes[authorityType]
  if (role === undefined) throw new Error(`unknown Token-2022 authority type ${authorityType}`)
  return { role, newAuthority }
}

/** A Token-2022 `InitializePermanentDelegate`'s delegate. Throws on data that does not fit. */
export const decodeInitializePermanentDelegate = (data: Uint8Array): SolanaAddress =>
  initializePermanentDelegateDecoder.decode(data).delegate
