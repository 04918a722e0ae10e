import { create } from 'zustand'
import type { ChainId } from '../../core/caip/types.ts'

export type Screen = 'home' | 'connections' | 'settings' | 'network-form'

type NavigationStore = {
  screen: Screen
  /** On `network-form`: the custom network being edited (undefined: adding one). */
  editingNetwork: ChainId | undefined
  go(screen: Screen): void
  editNetwork(chainId: ChainId | undefined): void
}

/** Which screen of the unlocked popup is showing. */
export const useNavigation = create<NavigationStore>((set) => ({
  screen: 'home',
  editingNetwork: undefined,
  go: (screen) => set({ screen, editingNetwork: undefined }),
  editNetwork: (chainId) => set({ screen: 'network-form', editingNetwork: chainId }),
}))
