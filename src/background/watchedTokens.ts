import { localKeys } from '../core/protocol/storageKeys.ts'
import type { WatchedToken } from '../core/wallet/createTokenWatcher.ts'
import type { Storage } from './storage.ts'

/** The watched ERC-20 tokens in `storage.local` (`watchedTokens`), across chains. */
export function createWatchedTokenStore(local: Storage) {
  return {
    read: async (): Promise<WatchedToken[]> =>
      (await local.read<WatchedToken[]>(localKeys.watchedTokens)) ?? [],
    write: (tokens: WatchedToken[]): Promise<void> => local.write(localKeys.watchedTokens, tokens),
  }
}

export type WatchedTokenStore = ReturnType<typeof createWatchedTokenStore>
