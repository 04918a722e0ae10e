import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex, hexToBytes } from '@noble/curves/utils.js'
import { getBase58Decoder } from '@solana/kit'
import { deriveAccounts } from './deriveAddresses.ts'
import { deriveSolanaKeys } from './deriveSolanaKeys.ts'
import { importedAccountKey } from './parsePrivateKey.ts'
import type { VaultSecrets } from './vault.ts'

/**
 * An account's private keys as the user exports them, each in the form other wallets import: the
 * EVM key as 0x hex, and a derived account's Solana keypair in base58 (seed ‖ public key, 64 bytes,
 * what Phantom imports). An imported Solana account has only its keypair, as `privateKey`.
 */
export type ExportedKeys = { privateKey: string; solanaPrivateKey?: string }

/**
 * The private keys of the wallet account whose key is `account` (any letter case; an EVM address,
 * or an imported Solana key's `importedAccountKey`): a derived one (its EVM key and its Solana
 * keypair, same index) or an imported one (its key).
 * `undefined` when the account is not the wallet's. For the worker only, after the password.
 *
 * @example exportPrivateKeys(secrets, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
 * // { privateKey: '0xac09…ff80', solanaPrivateKey: '4Zw…' }
 */
export function exportPrivateKeys(
  secrets: VaultSecrets,
  account: string,
): ExportedKeys | undefined {
  const wanted = account.toLowerCase()
  const derived = deriveAccounts(secrets.mnemonic, secrets.accountCount)
  const index = derived.findIndex((each) => each.address.toLowerCase() === wanted)
  const hdKey = derived[index]?.getHdKey().privateKey
  const solanaKey = deriveSolanaKeys(secrets.mnemonic, index + 1)[index]
  if (hdKey && solanaKey) {
    return {
      privateKey: `0x${bytesToHex(hdKey)}`,
      solanaPrivateKey: base58Keypair(solanaKey.secretKey),
    }
  }
  const imported = (secrets.imported ?? []).find(
    (key) => importedAccountKey(key).toLowerCase() === wanted,
  )
  if (!imported) return undefined
  return imported.namespace === 'eip155'
    ? { privateKey: `0x${imported.secret}` }
    : { privateKey: base58Keypair(hexToBytes(imported.secret)) }
}

/** A Solana keypair (seed ‖ public key, 64 bytes) in base58, as Phantom exports and imports it. */
const base58Keypair = (seed: Uint8Array): string =>
  getBase58Decoder().decode(Uint8Array.from([...seed, ...ed25519.getPublicKey(seed)]))
