import { hexToBytes } from '@noble/curves/utils.js'
import type { Address } from 'viem'
import { type LocalAccount, privateKeyToAccount } from 'viem/accounts'
import {
  createMnemonic,
  createVault,
  deriveAccounts,
  deriveAddresses,
  deriveSolanaAddresses,
  deriveSolanaKeys,
  type ExportedKeys,
  exportPrivateKeys,
  type ImportedKey,
  importedAccountKey,
  importedKeyAddress,
  parseMnemonic,
  parsePrivateKey,
  type SolanaKey,
  type UnlockedVault,
  unlockVault,
  unlockVaultWithKey,
  updateVault,
  type VaultSecrets,
} from '../core/keyring/index.ts'
import type { PopupRequests, WalletState } from '../core/protocol/popupMessages.ts'
import { localKeys, sessionKeys } from '../core/protocol/storageKeys.ts'
import {
  confirmationMismatch,
  duplicateAccount,
  incorrectPassword,
  passwordThrottled,
  WalletError,
  walletLocked,
} from '../core/rpc/errors.ts'
import { accountNames, parseAccountName } from '../core/wallet/accountNames.ts'
import { type PasswordAttempts, passwordWaitMs } from '../core/wallet/passwordAttempts.ts'
import { createSerialQueue } from '../core/wallet/serialQueue.ts'
import { readAccounts, readNamespaceAccounts, type Storage } from './storage.ts'

export type WalletStorage = {
  local: Storage
  session: Storage
  /** Milliseconds since the epoch (the wrong-password delays); `Date.now` by default. */
  now?: () => number
}

/** A "create a wallet" in progress: the new mnemonic and the positions the user must re-type. */
type PendingOnboarding = PopupRequests['wallet:newMnemonic']['result']

/** How many words the user must re-type to confirm a new mnemonic. */
export const confirmationWordCount = 3

/** The signing accounts of the EVM keys the user imported, in import order. */
const importedEvmAccounts = (secrets: VaultSecrets): LocalAccount[] =>
  (secrets.imported ?? [])
    .filter((key) => key.namespace === 'eip155')
    .map((key) => privateKeyToAccount(`0x${key.secret}`))

/** The wallet's EVM accounts: the derived ones in index order, then the imported ones (DESIGN §9). */
const signingAccounts = (secrets: VaultSecrets): LocalAccount[] => [
  ...deriveAccounts(secrets.mnemonic, secrets.accountCount),
  ...importedEvmAccounts(secrets),
]

/** The Solana keys of the wallet: the derived ones in index order, then the imported ones. */
const solanaKeys = (secrets: VaultSecrets): SolanaKey[] => [
  ...deriveSolanaKeys(secrets.mnemonic, secrets.accountCount),
  ...(secrets.imported ?? [])
    .filter((key) => key.namespace === 'solana')
    .map((key) => ({ address: importedKeyAddress(key), secretKey: hexToBytes(key.secret) })),
]

/**
 * Each imported key's address in the Solana namespace, in import order: `''` for an EVM key, which
 * has none — the list stays aligned with the accounts by index (`WalletAccounts.addresses`).
 */
const importedSolanaAddresses = (imported: readonly ImportedKey[]): string[] =>
  imported.map((key) => (key.namespace === 'solana' ? importedKeyAddress(key) : ''))

const sameKey = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()

/** Whether two addresses of a namespace are one: EVM hex in any letter case, base58 exactly. */
const sameAddressIn = (namespace: ImportedKey['namespace'], a: string, b: string): boolean =>
  namespace === 'eip155' ? sameKey(a, b) : a === b

/**
 * The keyring as the worker holds it: the encrypted vault and the public account list in
 * `storage.local`, and — while unlocked — the vault's exported key in `storage.session`, so a worker
 * restart stays unlocked. Secrets are decrypted only inside the worker and never returned.
 */
export function createWallet({ local, session, now = Date.now }: WalletStorage) {
  let unlocked: UnlockedVault | undefined
  let signing: { vault: UnlockedVault; accounts: LocalAccount[] } | undefined
  let solanaSigning: { vault: UnlockedVault; keys: SolanaKey[] } | undefined

  /** The decrypt of the vault with the session's key in progress, shared by every caller meanwhile. */
  let opening: Promise<UnlockedVault | undefined> | undefined
  /** Counts each change of the held vault (a lock, a vault kept): a decrypt begun before one is stale. */
  let generation = 0
  /**
   * A lock's removal of the session's key while it runs: a read of the key waits for it, so a
   * decrypt begun during a lock finds no key whatever order the storage area runs its calls in.
   */
  let removingKey: Promise<void> | undefined

  /** The session's vault key, once a lock removing it has finished. */
  const readVaultKey = async (): Promise<string | undefined> => {
    await removingKey
    return session.read<string>(sessionKeys.vaultKey)
  }

  /** Holds `opened` (or nothing: locked) from now on; a decrypt still running gives way to it. */
  const hold = (opened: UnlockedVault | undefined): void => {
    unlocked = opened
    opening = undefined
    generation += 1
  }

  const open = async (): Promise<UnlockedVault | undefined> => {
    const started = generation
    const [vault, vaultKey] = await Promise.all([
      local.read<string>(localKeys.vault),
      readVaultKey(),
    ])
    if (!vault || !vaultKey) return undefined
    const opened = await unlockVaultWithKey(vaultKey, vault)
    // A lock (or another vault kept) while this decrypted wins: its key may be gone already.
    if (started !== generation) return unlocked
    unlocked = opened
    return opened
  }

  /**
   * The unlocked vault, decrypted with the session's key after a worker restart — once: callers
   * that arrive during the decrypt share it and its error; a failed one is tried again next call.
   */
  const load = (): Promise<UnlockedVault | undefined> => {
    if (unlocked) return Promise.resolve(unlocked)
    if (!opening) {
      const current = open().finally(() => {
        if (opening === current) opening = undefined
      })
      opening = current
    }
    return opening
  }

  const readAccountNames = async (): Promise<Record<string, string>> =>
    (await local.read<Record<string, string>>(localKeys.accountNames)) ?? {}

  const state = async (): Promise<WalletState> => {
    if (await load()) {
      const [accounts, addresses, named, imported] = await Promise.all([
        readAccounts(local),
        readNamespaceAccounts(local),
        readAccountNames(),
        local.read<Address[]>(localKeys.importedAccounts),
      ])
      return {
        status: 'unlocked',
        accounts,
        addresses,
        names: accountNames(accounts, named),
        imported: imported ?? [],
      }
    }
    const vault = await local.read<string>(localKeys.vault)
    return { status: vault ? 'locked' : 'uninitialized', accounts: [] }
  }

  const keep = async (opened: UnlockedVault): Promise<WalletState> => {
    hold(opened)
    const { mnemonic, accountCount, imported = [] } = opened.secrets
    const importedKeys = imported.map(importedAccountKey)
    await Promise.all([
      local.write(localKeys.vault, opened.vault),
      local.write(localKeys.accounts, [
        ...deriveAddresses(mnemonic, accountCount),
        ...importedKeys,
      ]),
      local.write(localKeys.importedAccounts, importedKeys),
      local.write(localKeys.namespaceAccounts, {
        solana: [
          ...deriveSolanaAddresses(mnemonic, accountCount),
          ...importedSolanaAddresses(imported),
        ],
      }),
      session.write(sessionKeys.vaultKey, opened.exportedKey),
    ])
    return state()
  }

  /** The password checks in order, one at a time, so that each wrong one counts. */
  const checking = createSerialQueue()

  /**
   * Opens the vault with `password` — the one check behind unlock, export, reveal and password
   * change. After 5 wrong in a row, an attempt before the delay has passed is refused untried
   * (`password_throttled`); a wrong one is counted (`storage.local`), a right one clears the count.
   */
  const verifyPassword = (password: string): Promise<UnlockedVault> => {
    return checking(async () => {
      const attempts = await local.read<PasswordAttempts>(localKeys.passwordAttempts)
      const waitMs = passwordWaitMs(attempts, now())
      if (waitMs > 0) throw passwordThrottled(waitMs)
      const vault = await local.read<string>(localKeys.vault)
      if (!vault) throw new Error('There is no wallet to unlock')
      try {
        const opened = await unlockVault(password, vault)
        if (attempts) await local.remove(localKeys.passwordAttempts)
        return opened
      } catch (error) {
        if (error instanceof WalletError && error.code === 'incorrect_password') {
          const failures = (attempts?.failures ?? 0) + 1
          await local.write(localKeys.passwordAttempts, { failures, lastFailureAt: now() })
          throw incorrectPassword()
        }
        throw error
      }
    })
  }

  /** The password typed again while unlocked: the vault's secrets, for one export or reveal. */
  const confirmPassword = async (password: string): Promise<VaultSecrets> => {
    if (!(await load())) throw walletLocked()
    return (await verifyPassword(password)).secrets
  }

  const initialize = async (password: string, mnemonic: string): Promise<WalletState> => {
    const secrets: VaultSecrets = { mnemonic, accountCount: 1 }
    const opened = await createVault(password, secrets)
    await session.remove(sessionKeys.onboardingMnemonic)
    return keep(opened)
  }

  return {
    state,
    /**
     * A new mnemonic for "create a wallet", kept in `storage.session` until confirmed, with the
     * (0-based, ascending) positions of the words the user must re-type to confirm it.
     */
    async newMnemonic(): Promise<PendingOnboarding> {
      const mnemonic = createMnemonic()
      const positions = new Set<number>()
      const random = new Uint32Array(1)
      while (positions.size < confirmationWordCount) {
        crypto.getRandomValues(random)
        positions.add((random[0] ?? 0) % mnemonic.split(' ').length)
      }
      const onboarding = { mnemonic, confirmationIndexes: [...positions].sort((a, b) => a - b) }
      await session.write(sessionKeys.onboardingMnemonic, onboarding)
      return onboarding
    },
    async create(password: string, confirmation: Record<number, string>): Promise<WalletState> {
      const onboarding = await session.read<PendingOnboarding>(sessionKeys.onboardingMnemonic)
      if (!onboarding) throw new Error('Start again: the new secret recovery phrase has expired')
      const words = onboarding.mnemonic.split(' ')
      const confirmed = onboarding.confirmationIndexes.every(
        (index) => confirmation[index]?.trim().toLowerCase() === words[index],
      )
      if (!confirmed) throw confirmationMismatch()
      return initialize(password, onboarding.mnemonic)
    },
    async import(mnemonic: string, password: string): Promise<WalletState> {
      return initialize(password, parseMnemonic(mnemonic))
    },
    async unlock(password: string): Promise<WalletState> {
      return keep(await verifyPassword(password))
    },
    /**
     * An account's private keys (`exportPrivateKeys`), only with the password typed again, even
     * while unlocked. The caller shows them and keeps them nowhere.
     */
    async exportKeys(account: Address, password: string): Promise<ExportedKeys> {
      const exported = exportPrivateKeys(await confirmPassword(password), account)
      if (!exported) throw new Error(`${account} is not an account of this wallet`)
      return exported
    },
    /** The secret recovery phrase, only with the password typed again, even while unlocked. */
    async revealPhrase(password: string): Promise<string> {
      return (await confirmPassword(password)).mnemonic
    },
    /**
     * Re-encrypts the vault under a new password (a new salt and key); the old password no longer
     * opens it. Needs the current one (counted as any password attempt).
     */
    async changePassword(current: string, next: string): Promise<WalletState> {
      if (!(await load())) throw walletLocked()
      const opened = await verifyPassword(current)
      return keep(await createVault(next, opened.secrets))
    },
    async lock(): Promise<WalletState> {
      hold(undefined)
      const removal = session.remove(sessionKeys.vaultKey)
      removingKey = removal
      try {
        await removal
      } finally {
        if (removingKey === removal) removingKey = undefined
      }
      return state()
    },
    /**
     * Derives the next account. An imported key that is one of that account's keys (its EVM or its
     * Solana key) gives way to it: an EVM one keeps its address, so its name and sessions stay; a
     * Solana one keeps its address in sessions.
     */
    async addAccount(): Promise<WalletState> {
      const opened = await load()
      if (!opened) throw walletLocked()
      const { mnemonic } = opened.secrets
      const accountCount = opened.secrets.accountCount + 1
      const next = {
        eip155: deriveAddresses(mnemonic, accountCount).at(-1) ?? '',
        solana: deriveSolanaAddresses(mnemonic, accountCount).at(-1) ?? '',
      }
      const imported = (opened.secrets.imported ?? []).filter(
        (key) => !sameAddressIn(key.namespace, importedKeyAddress(key), next[key.namespace]),
      )
      return keep(await updateVault(opened, { ...opened.secrets, accountCount, imported }))
    },
    /**
     * Imports an account by its private key (`parsePrivateKey`: EVM or Solana), kept in the vault
     * after the derived ones; refuses a key that is already one of the wallet's accounts, derived
     * or imported (`duplicate_account`).
     */
    async importKey(input: string): Promise<WalletState> {
      const opened = await load()
      if (!opened) throw walletLocked()
      const { address, ...key } = parsePrivateKey(input)
      const held =
        key.namespace === 'eip155'
          ? await readAccounts(local)
          : ((await readNamespaceAccounts(local)).solana ?? [])
      if (held.some((each) => sameAddressIn(key.namespace, each, address))) {
        throw duplicateAccount(address)
      }
      const imported = [...(opened.secrets.imported ?? []), key]
      return keep(await updateVault(opened, { ...opened.secrets, imported }))
    },
    /**
     * Removes an imported account: its key leaves the vault and its name is forgotten. Derived
     * accounts are never removed (their indexes would shift). The caller drops it from sessions.
     */
    async removeAccount(account: Address): Promise<WalletState> {
      const opened = await load()
      if (!opened) throw walletLocked()
      const imported = opened.secrets.imported ?? []
      const kept = imported.filter((key) => !sameKey(importedAccountKey(key), account))
      if (kept.length === imported.length) {
        throw new Error(`${account} is not an imported account of this wallet`)
      }
      const { [account.toLowerCase()]: _forgotten, ...named } = await readAccountNames()
      await local.write(localKeys.accountNames, named)
      return keep(await updateVault(opened, { ...opened.secrets, imported: kept }))
    },
    /** Names one of the wallet's accounts (`parseAccountName`); the name stays in the wallet. */
    async rename(account: Address, name: string): Promise<WalletState> {
      if (!(await load())) throw walletLocked()
      const key = account.toLowerCase()
      const accounts = await readAccounts(local)
      if (!accounts.some((held) => held.toLowerCase() === key)) {
        throw new Error(`${account} is not an account of this wallet`)
      }
      const named = await readAccountNames()
      await local.write(localKeys.accountNames, { ...named, [key]: parseAccountName(name) })
      return state()
    },
    isUnlocked: async (): Promise<boolean> => (await load()) !== undefined,
    /**
     * Whether the session holds the vault's key, read without decrypting the vault: what the
     * auto-lock needs to know at every worker start (issue 36, cold start), where decrypting would
     * delay the request that woke the worker. A key that no longer opens the vault still counts:
     * locking removes it.
     */
    holdsKey: async (): Promise<boolean> =>
      unlocked !== undefined || (await readVaultKey()) !== undefined,
    /**
     * The signing account of one of the wallet's addresses, derived from the unlocked vault; used
     * inside the worker only (the key never leaves it). Throws while locked or for a foreign address.
     */
    async account(address: Address): Promise<LocalAccount> {
      const opened = await load()
      if (!opened) throw walletLocked()
      // Deriving from the mnemonic stretches it (PBKDF2): once per unlocked vault, not per signature.
      if (signing?.vault !== opened) {
        signing = { vault: opened, accounts: signingAccounts(opened.secrets) }
      }
      const account = signing.accounts.find(
        (candidate) => candidate.address.toLowerCase() === address.toLowerCase(),
      )
      if (!account) throw new Error(`${address} is not an account of this wallet`)
      return account
    },
    /**
     * The Solana key of one of the wallet's base58 addresses (derived, `deriveSolanaKeys`, or
     * imported), for the worker only. Throws while locked or for a foreign address.
     */
    async solanaKey(address: string): Promise<SolanaKey> {
      const opened = await load()
      if (!opened) throw walletLocked()
      if (solanaSigning?.vault !== opened) {
        solanaSigning = { vault: opened, keys: solanaKeys(opened.secrets) }
      }
      const key = solanaSigning.keys.find((candidate) => candidate.address === address)
      if (!key) throw new Error(`${address} is not an account of this wallet`)
      return key
    },
  }
}

export type Wallet = ReturnType<typeof createWallet>
