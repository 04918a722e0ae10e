import { localKeys } from '../core/protocol/storageKeys.ts'
import type { Storage } from './storage.ts'

/**
 * The phishing-listed hosts the user chose to continue to, in `storage.local`: the warning page is
 * shown once per host, as in the reference wallet.
 */
export function createPhishingContinued(storage: Storage) {
  const read = async (): Promise<string[]> =>
    (await storage.read<string[]>(localKeys.phishingContinued)) ?? []
  return {
    async has(host: string): Promise<boolean> {
      return (await read()).includes(host)
    },
    async add(host: string): Promise<void> {
      const hosts = await read()
      if (!hosts.includes(host)) await storage.write(localKeys.phishingContinued, [...hosts, host])
    },
  }
}

export type PhishingContinued = ReturnType<typeof createPhishingContinued>
