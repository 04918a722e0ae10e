import { ed25519 } from '@noble/curves/ed25519.js'
import { mnemonicToSeedSync } from '@scure/bip39'
import { getBase58Decoder } from '@solana/kit'
import { HDKey } from 'micro-key-producer/slip10.js'

/** One wallet account's Solana key pair: its base58 address and its 32-byte ed25519 secret. */
export type SolanaKey = { address: string; secretKey: Uint8Array }

/** The SLIP-10 ed25519 path of account `index` (DESIGN §3), the one Phantom and `solana-keygen` use. */
export const solanaPath = (index: number): string => `m/44'/501'/${index}'/0'`

/**
 * The Solana keys of the first `count` accounts of a mnemonic, SLIP-10 ed25519 on
 * `m/44'/501'/<index>'/0'`. For the service worker only: keys never leave it.
 *
 * @example deriveSolanaKeys('abandon … about', 1)[0].address // 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk'
 */
export function deriveSolanaKeys(mnemonic: string, count: number): SolanaKey[] {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic))
  const base58 = getBase58Decoder()
  return Array.from({ length: count }, (_, index) => {
    const { privateKey } = root.derive(solanaPath(index))
    return { address: base58.decode(ed25519.getPublicKey(privateKey)), secretKey: privateKey }
  })
}

/** The base58 Solana addresses of the first `count` accounts of a mnemonic (`deriveSolanaKeys`). */
export function deriveSolanaAddresses(mnemonic: string, count: number): string[] {
  return deriveSolanaKeys(mnemonic, count).map(({ address }) => address)
}

/** An ed25519 signature of `message` by `key` (64 bytes). */
export const signWithSolanaKey = (key: SolanaKey, message: Uint8Array): Uint8Array =>
  ed25519.sign(message, key.secretKey)
