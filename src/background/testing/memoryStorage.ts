import { createStorage, type Storage, type StorageArea } from '../storage.ts'

/**
 * A storage area over a Map, for unit tests: values are cloned in and out, as `chrome.storage`
 * serializes them, so a test cannot pass by sharing an object with the code under test.
 */
export function createMemoryStorageArea(
  items: Map<string, unknown> = new Map(),
): StorageArea & { items: Map<string, unknown> } {
  return {
    items,
    async get(key) {
      const keys = key === null ? [...items.keys()] : [key]
      return Object.fromEntries(
        keys
          .filter((each) => items.has(each))
          .map((each) => [each, structuredClone(items.get(each))]),
      )
    },
    async set(values) {
      for (const [key, value] of Object.entries(values)) items.set(key, structuredClone(value))
    },
    async remove(key) {
      for (const each of Array.isArray(key) ? key : [key]) items.delete(each)
    },
  }
}

/** A `Storage` over a fresh Map (`items`, to look inside). */
export function createMemoryStorage(): Storage & { items: Map<string, unknown> } {
  const area = createMemoryStorageArea()
  return Object.assign(createStorage(area), { items: area.items })
}
