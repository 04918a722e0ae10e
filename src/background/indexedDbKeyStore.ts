import type { KeyStore } from './recordKey.ts'

const databaseName = 'aperture-keys'
const storeName = 'keys'
/** The one entry: the HMAC key of the worker's sealed records. */
const recordKeyName = 'record-hmac'

/** A request's result as a promise. */
const settled = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(databaseName, 1)
  request.onupgradeneeded = () => request.result.createObjectStore(storeName)
  return settled(request)
}

/**
 * The record key in the extension origin's IndexedDB (a `CryptoKey` is stored as such, by
 * structured clone, its bytes never exposed). Not in `chrome.storage`: a content script reaches
 * `chrome.storage.local` when its access level allows it (Firefox, a browser before
 * `setAccessLevel` on `local`), but never the extension origin's IndexedDB, which only the worker
 * and extension pages open. It outlives the worker and the browser, as the sessions it seals do.
 */
export function createIndexedDbKeyStore(factory: IDBFactory): KeyStore {
  const database = () => open(factory)
  return {
    async read() {
      const db = await database()
      try {
        const stored: unknown = await settled(
          db.transaction(storeName).objectStore(storeName).get(recordKeyName),
        )
        return stored instanceof CryptoKey ? stored : undefined
      } finally {
        db.close()
      }
    },
    async write(key) {
      const db = await database()
      try {
        const transaction = db.transaction(storeName, 'readwrite')
        transaction.objectStore(storeName).put(key, recordKeyName)
        await new Promise<void>((resolve, reject) => {
          transaction.oncomplete = () => resolve()
          transaction.onerror = () => reject(transaction.error)
          transaction.onabort = () => reject(transaction.error)
        })
      } finally {
        db.close()
      }
    },
  }
}
