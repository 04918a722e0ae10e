import { create } from 'zustand'
import type { ChainId } from '../../core/caip/types.ts'
import { type ExplorerTarget, explorerLinkOf } from '../../core/wallet/explorerLinks.ts'
import { callBackground, errorMessage } from '../callBackground.ts'
import { popupPort } from '../popupPort.ts'

type ExplorersStore = {
  /** Each network's block explorer, by chain id; undefined until read. */
  explorers: Partial<Record<ChainId, string>> | undefined
  error: string | undefined
  load(): Promise<void>
  /** Opens the explorer page of `target` on `chainId`'s explorer in a new tab. */
  open(chainId: ChainId, target: ExplorerTarget): void
}

/** The networks' block explorers (`explorer-link`), read once per window from the worker. */
export const useExplorers = create<ExplorersStore>((set, get) => ({
  explorers: undefined,
  error: undefined,
  async load() {
    if (get().explorers) return
    try {
      const networks = await callBackground('networks:list')
      set({
        explorers: Object.fromEntries(
          networks.flatMap(({ chainId, explorerUrl }) =>
            explorerUrl ? [[chainId, explorerUrl]] : [],
          ),
        ),
      })
    } catch (error) {
      set({ error: errorMessage(error) })
    }
  },
  open(chainId, target) {
    const link = explorerLinkOf(get().explorers?.[chainId], target)
    if (link) popupPort().openTab(link)
  },
}))
