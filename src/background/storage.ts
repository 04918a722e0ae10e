import type { Address } from '../core/multichain/ports.ts'

/**
 * Every `chrome.storage` key the service worker uses (DESIGN §6). `local` outlives the browser;
 * `session` lives until the browser closes (only extension pages and the worker can read it) and
 * holds what must survive a worker restart but never reach the disk.
 */
export const localKeys = {
  /** The encrypted vault (browser-passworder JSON). */
  vault: 'vault',
  /** The accounts' addresses (public), in derivation order. */
  accounts: 'accounts',
  /** `StoredSettings`. */
  settings: 'settings',
  /** Prefix of each origin's `StoredSession`: `session:https://app.example`. */
  sessionPrefix: 'session:',
  /** `CustomNetwork[]`: the networks the user added in Settings. */
  customNetworks: 'customNetworks',
  /** Prefix of each connected origin's `ActivityEntry[]` (its latest `wallet_invokeMethod` calls). */
  activityPrefix: 'activity:',
} as const

export const sessionKeys = {
  /** The vault key exported at unlock (present ⇔ unlocked). */
  vaultKey: 'vaultKey',
  /** The mnemonic of a "create wallet" onboarding in progress. */
  onboardingMnemonic: 'onboardingMnemonic',
  /** Prefix of each origin's `PendingApproval`. */
  approvalPrefix: 'approval:',
  /** `Record<walletSubscriptionId, StoredSubscription>`. */
  subscriptions: 'subscriptions',
  /** Milliseconds since the epoch of the last user activity in the wallet's UI. */
  lastActivity: 'lastActivity',
  /** `Record<requestKey, RecentAnswer>`: answers a re-sent page request gets again (`createRecentAnswers`). */
  recentAnswers: 'recentAnswers',
} as const

export type LocalDevnetSettings = { rpcUrl: string; wsUrl: string }

/** `settings` in `storage.local`; every field optional (QA may write a partial object). */
export type StoredSettings = {
  infuraApiKey?: string
  autoLockMinutes?: number
  localDevnet?: LocalDevnetSettings
}

type Area = chrome.storage.StorageArea

async function read<T>(area: Area, key: string): Promise<T | undefined> {
  const items = await area.get(key)
  return items[key] as T | undefined
}

/** Typed access to one storage area. */
export const createStorage = (area: Area) => ({
  read: <T>(key: string): Promise<T | undefined> => read<T>(area, key),
  write: (key: string, value: unknown): Promise<void> => area.set({ [key]: value }),
  remove: (key: string | string[]): Promise<void> => area.remove(key),
  /** Every item whose key starts with `prefix`, keyed by the rest of the key. */
  async readPrefixed<T>(prefix: string): Promise<Record<string, T>> {
    const all = await area.get(null)
    const items: Record<string, T> = {}
    for (const [key, value] of Object.entries(all)) {
      if (key.startsWith(prefix)) items[key.slice(prefix.length)] = value as T
    }
    return items
  },
})

export type Storage = ReturnType<typeof createStorage>

export const local = createStorage(chrome.storage.local)
export const session = createStorage(chrome.storage.session)

export const readAccounts = async (): Promise<Address[]> =>
  (await local.read<Address[]>(localKeys.accounts)) ?? []
