import {
  decryptWithDetail,
  decryptWithKey,
  type EncryptionResult,
  encryptWithDetail,
  encryptWithKey,
  importKey,
} from '@metamask/browser-passworder'
import { incorrectPassword, weakPassword } from '../rpc/errors.ts'
import type { ImportedKey } from './parsePrivateKey.ts'
import { minimumPasswordLength } from './password.ts'

/**
 * What the vault protects: the mnemonic, how many of its accounts the user has added, and the
 * private keys the user imported (DESIGN §9), in import order.
 */
export type VaultSecrets = { mnemonic: string; accountCount: number; imported?: ImportedKey[] }

/**
 * An unlocked vault: the secrets, and the derived encryption key (exported, JWK string) that lets
 * the service worker re-open the vault after a restart without the password.
 */
export type UnlockedVault = { secrets: VaultSecrets; vault: string; exportedKey: string }

/**
 * Encrypts the secrets under a password (PBKDF2-SHA256, 900,000 iterations → AES-GCM 256, by
 * `@metamask/browser-passworder`). The result is a JSON string safe to keep at rest.
 */
export async function createVault(password: string, secrets: VaultSecrets): Promise<UnlockedVault> {
  if (password.length < minimumPasswordLength) throw weakPassword(minimumPasswordLength)
  const { vault, exportedKeyString } = await encryptWithDetail(password, secrets)
  return { secrets, vault, exportedKey: exportedKeyString }
}

/** Opens a vault with its password; throws `incorrectPassword()` (a `WalletError`) when it is wrong. */
export async function unlockVault(password: string, vault: string): Promise<UnlockedVault> {
  let opened: Awaited<ReturnType<typeof decryptWithDetail>>
  try {
    opened = await decryptWithDetail(password, vault)
  } catch (error) {
    throw incorrectPassword(error)
  }
  return { secrets: toSecrets(opened.vault), vault, exportedKey: opened.exportedKeyString }
}

/** Opens a vault with the key exported by an earlier unlock (after a service-worker restart). */
export async function unlockVaultWithKey(
  exportedKey: string,
  vault: string,
): Promise<UnlockedVault> {
  const key = await importKey(exportedKey)
  const secrets = toSecrets(await decryptWithKey(key, JSON.parse(vault) as EncryptionResult))
  return { secrets, vault, exportedKey }
}

/** Re-encrypts changed secrets with the unlocked vault's key and salt (no password needed). */
export async function updateVault(
  unlocked: UnlockedVault,
  secrets: VaultSecrets,
): Promise<UnlockedVault> {
  const previous = JSON.parse(unlocked.vault) as EncryptionResult
  const payload = await encryptWithKey(await importKey(unlocked.exportedKey), secrets)
  const vault = JSON.stringify({ ...payload, salt: previous.salt })
  return { secrets, vault, exportedKey: unlocked.exportedKey }
}

function toSecrets(value: unknown): VaultSecrets {
  const candidate = value as Partial<VaultSecrets> | null
  if (
    typeof candidate?.mnemonic !== 'string' ||
    typeof candidate.accountCount !== 'number' ||
    candidate.accountCount < 1
  ) {
    throw new Error('The vault does not hold keyring secrets')
  }
  const imported = candidate.imported ?? []
  if (!Array.isArray(imported) || !imported.every(isImportedKey)) {
    throw new Error('The vault holds imported keys it cannot read')
  }
  return imported.length === 0
    ? { mnemonic: candidate.mnemonic, accountCount: candidate.accountCount }
    : { mnemonic: candidate.mnemonic, accountCount: candidate.accountCount, imported }
}

const isImportedKey = (value: unknown): value is ImportedKey => {
  const candidate = value as Partial<ImportedKey> | null
  return (
    (candidate?.namespace === 'eip155' || candidate?.namespace === 'solana') &&
    typeof candidate.secret === 'string' &&
    /^[0-9a-f]{64}$/.test(candidate.secret)
  )
}
