import type { SiteState, SiteStore } from '../core/eip1193/ports.ts'
import { localKeys } from '../core/protocol/storageKeys.ts'
import type { Storage } from './storage.ts'

/**
 * Each origin's EIP-1193 site state in `storage.local` (`site:<origin>`): its chosen chain and
 * active account outlive the worker and the browser, as its session does.
 */
export function createSiteStore(storage: Storage): SiteStore {
  const key = (origin: string): string => `${localKeys.sitePrefix}${origin}`
  return {
    get: (origin) => storage.read<SiteState>(key(origin)),
    set: (origin, state) => storage.write(key(origin), state),
  }
}
