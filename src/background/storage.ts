import type { Address } from 'viem'
import { localKeys } from '../core/protocol/storageKeys.ts'
import type { StoredSettings } from '../core/wallet/networks.ts'

/**
 * What the worker needs of a `chrome.storage` area (`chrome.storage.local` and `.session` fit; a
 * test gives a Map-backed one, `testing/memoryStorage.ts`).
 */
export type StorageArea = {
  /** The stored items of `key` (all items for `null`), keyed by their keys. */
  get(key: string | null): Promise<Record<string, unknown>>
  set(items: Record<string, unknown>): Promise<void>
  remove(key: string | string[]): Promise<void>
}

/**
 * Typed access to one storage area. Only `background/index.ts` and `firstReads.ts` name
 * `chrome.storage`: every other module is given a `Storage`.
 */
export const createStorage = (area: StorageArea) => ({
  async read<T>(key: string): Promise<T | undefined> {
    return (await area.get(key))[key] as T | undefined
  },
  write: (key: string, value: unknown): Promise<void> => area.set({ [key]: value }),
  /** Several items in one call: a reader after it finds all of them or, before it, none. */
  writeItems: (items: Record<string, unknown>): Promise<void> => area.set(items),
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

/** The stored settings and custom networks, unchecked: what the network registry resolves. */
export type StoredNetworks = [settings: StoredSettings | undefined, customNetworks: unknown]

export const readStoredNetworks = (local: Storage): Promise<StoredNetworks> =>
  Promise.all([
    local.read<StoredSettings>(localKeys.settings),
    local.read<unknown>(localKeys.customNetworks),
  ])

/** The wallet's account addresses (public, in `storage.local`), in derivation order. */
export const readAccounts = async (local: Storage): Promise<Address[]> =>
  (await local.read<Address[]>(localKeys.accounts)) ?? []

/** The accounts' addresses in the other namespaces (public), per namespace, in derivation order. */
export const readNamespaceAccounts = async (local: Storage): Promise<Record<string, string[]>> =>
  (await local.read<Record<string, string[]>>(localKeys.namespaceAccounts)) ?? {}
