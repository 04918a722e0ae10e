import type { Address } from 'viem'
import { localKeys } from '../core/protocol/storageKeys.ts'

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
