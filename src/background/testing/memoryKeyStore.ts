import { createRecordKey, type KeyStore } from '../recordKey.ts'
import { createRecordSeal, type RecordSeal } from '../recordSeal.ts'

/**
 * A record key store over one variable, for unit tests (the worker keeps it in IndexedDB,
 * `indexedDbKeyStore.ts`); `kept` to look inside.
 */
export function createMemoryKeyStore(): KeyStore & { kept: CryptoKey | undefined } {
  const store = {
    kept: undefined as CryptoKey | undefined,
    read: async () => store.kept,
    async write(key: CryptoKey) {
      store.kept = key
    },
  }
  return store
}

/** The worker's record seal under a fresh key kept in memory. */
export const testRecordSeal = (): RecordSeal =>
  createRecordSeal(createRecordKey(createMemoryKeyStore(), crypto.subtle), crypto.subtle)
