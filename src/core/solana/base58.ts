import { getBase58Decoder, getBase58Encoder, isAddress } from '@solana/kit'

/** Whether `value` is a base58 Solana address (32 bytes). */
export const isSolanaAddress = (value: unknown): value is string =>
  typeof value === 'string' && isAddress(value)

/** `bytes` in base58 (a signature, an address). */
export const toBase58 = (bytes: Uint8Array): string => getBase58Decoder().decode(bytes)

/** The bytes of a base58 string (the caller knows it is one). */
export const fromBase58 = (value: string): Uint8Array =>
  new Uint8Array(getBase58Encoder().encode(value))
