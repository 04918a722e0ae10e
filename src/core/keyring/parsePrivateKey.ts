import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex, equalBytes, hexToBytes } from '@noble/curves/utils.js'
import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import type { Hex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { invalidPrivateKey } from '../rpc/errors.ts'

/**
 * A private key the user imports (DESIGN §9), as the vault keeps it: its namespace and its 32-byte
 * secret in lowercase hex without `0x` — the secp256k1 scalar (`eip155`) or the ed25519 seed, the
 * first half of the 64-byte keypair Solana wallets export (`solana`).
 */
export type ImportedKey = { namespace: 'eip155' | 'solana'; secret: string }

/** A parsed key with the address it controls (EIP-55 for `eip155`, base58 for `solana`). */
export type ParsedPrivateKey = ImportedKey & { address: string }

/** The longest input read as a key: a JSON array of 64 bytes with generous spacing fits. */
const maxInputLength = 2_000

/**
 * Reads a pasted private key: an EVM key (64 hex digits, with or without `0x`), a Solana keypair in
 * base58 (what Phantom exports) or the JSON array of 64 numbers `solana-keygen` writes. Refuses
 * (`invalid_private_key`, the reason without the input) a malformed key, the zero key, an EVM key
 * outside the secp256k1 group order, and a Solana keypair whose public half is not its secret's.
 *
 * @example parsePrivateKey('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
 * // { namespace: 'eip155', secret: 'ac09…ff80', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }
 */
export function parsePrivateKey(input: string): ParsedPrivateKey {
  const text = input.trim()
  if (text.length === 0) throw invalidPrivateKey('paste the key first')
  if (text.length > maxInputLength) throw invalidPrivateKey('it is far too long')
  if (/^(0x)?[0-9a-fA-F]+$/.test(text)) return parseEvmKey(text.replace(/^0x/, ''))
  if (text.startsWith('[')) return parseSolanaKeypair(keypairFromJson(text))
  return parseSolanaKeypair(keypairFromBase58(text))
}

/**
 * The address an imported key controls: EIP-55 for `eip155`, base58 for `solana`.
 *
 * @example importedKeyAddress({ namespace: 'eip155', secret: 'ac09…ff80' }) // '0xf39F…2266'
 */
export function importedKeyAddress(key: ImportedKey): string {
  return key.namespace === 'eip155'
    ? privateKeyToAddress(`0x${key.secret}` as Hex)
    : getBase58Decoder().decode(ed25519.getPublicKey(hexToBytes(key.secret)))
}

/**
 * The key that names an imported account among the wallet's accounts (`WalletState.accounts`,
 * `WalletCapabilities.accounts`): an EVM key's EIP-55 address; for a Solana key, which has no EVM
 * address, `0x` and its 32-byte public key in hex — 64 digits, so never an EVM address and never
 * granted in an `eip155` scope (docs/keys.md).
 *
 * @example importedAccountKey({ namespace: 'solana', secret: '0101…01' }) // '0x8a88…5c' (64 hex digits)
 */
export function importedAccountKey(key: ImportedKey): `0x${string}` {
  return key.namespace === 'eip155'
    ? privateKeyToAddress(`0x${key.secret}` as Hex)
    : `0x${bytesToHex(ed25519.getPublicKey(hexToBytes(key.secret)))}`
}

function parseEvmKey(hex: string): ParsedPrivateKey {
  if (hex.length !== 64) {
    throw invalidPrivateKey(`an EVM key has 64 hex digits, this has ${hex.length}`)
  }
  const bytes = hexToBytes(hex)
  if (bytes.every((byte) => byte === 0)) throw invalidPrivateKey('the zero key controls nothing')
  if (!secp256k1.utils.isValidSecretKey(bytes)) {
    throw invalidPrivateKey('it is outside the range of secp256k1 keys')
  }
  const key = { namespace: 'eip155', secret: hex.toLowerCase() } as const
  return { ...key, address: importedKeyAddress(key) }
}

function keypairFromJson(text: string): Uint8Array {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw invalidPrivateKey('it is not a JSON array of numbers')
  }
  if (
    !Array.isArray(parsed) ||
    !parsed.every((value) => Number.isInteger(value) && value >= 0 && value <= 255)
  ) {
    throw invalidPrivateKey('a Solana key file is a JSON array of numbers from 0 to 255')
  }
  if (parsed.length !== 64) {
    throw invalidPrivateKey(`a Solana key file holds 64 numbers, this holds ${parsed.length}`)
  }
  return Uint8Array.from(parsed as number[])
}

function keypairFromBase58(text: string): Uint8Array {
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(getBase58Encoder().encode(text))
  } catch {
    throw invalidPrivateKey('it is neither hex, base58 nor a JSON array')
  }
  if (bytes.length !== 64) {
    throw invalidPrivateKey(`a Solana key is 64 bytes in base58, this is ${bytes.length}`)
  }
  return bytes
}

function parseSolanaKeypair(keypair: Uint8Array): ParsedPrivateKey {
  const seed = keypair.slice(0, 32)
  if (seed.every((byte) => byte === 0)) throw invalidPrivateKey('the zero key controls nothing')
  if (!equalBytes(ed25519.getPublicKey(seed), keypair.slice(32))) {
    throw invalidPrivateKey("its public half is not the secret's: the key is damaged")
  }
  const key = { namespace: 'solana', secret: bytesToHex(seed) } as const
  return { ...key, address: importedKeyAddress(key) }
}
