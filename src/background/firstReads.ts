import { createIndexedDbKeyStore } from './indexedDbKeyStore.ts'
import { createRecordKey } from './recordKey.ts'
import { createStorage, readStoredNetworks } from './storage.ts'

// Imported first by `index.ts`: what every request of a starting worker reads is asked here, while
// the rest of the worker (~0.7 MB) is still being evaluated, instead of one read after another once
// the request is there (issue 36, cold start: the settings, then the session, then the record key).
// Besides `index.ts`, the one module that names `chrome.*` and `indexedDB`.

// Only the worker and extension pages reach the wallet's storage (DESIGN §6): not content scripts,
// which run in every web page's renderer. `session` is so by default; `local` (the vault, the
// sessions) is made so at every start, before anything is read (the level is kept by the browser).
for (const area of [chrome.storage.local, chrome.storage.session]) {
  // A browser without the call for `local` (Firefox) throws: logged, and the record seal still holds.
  Promise.resolve()
    .then(() => area.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' }))
    .catch((error: unknown) => console.error('Aperture: restricting storage access', error))
}

export const local = createStorage(chrome.storage.local)
export const session = createStorage(chrome.storage.session)

/**
 * The key that seals the worker's records (`recordSeal.ts`), kept in the extension's IndexedDB:
 * asked now, and again at its first use if this read failed.
 */
export const recordKey = createRecordKey(createIndexedDbKeyStore(indexedDB), crypto.subtle)
recordKey().catch(() => {})

/** The stored settings and custom networks, the network registry's first load (`networks.ts`). */
export const storedNetworks = readStoredNetworks(local)
// Read again by the registry if this read failed.
storedNetworks.catch(() => {})
