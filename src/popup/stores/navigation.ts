import type { Address } from 'viem'
import { create } from 'zustand'
import type { ChainId } from '../../core/caip/types.ts'

export type Screen =
  | 'home'
  | 'connections'
  | 'settings'
  | 'network-form'
  | 'account'
  | 'import'
  | 'send'
  | 'receive'

type NavigationStore = {
  screen: Screen
  /** On `network-form`: the custom network being edited (undefined: adding one). */
  editingNetwork: ChainId | undefined
  /** On `account`: the account shown, by its key (`WalletState.accounts`). */
  openedAccount: Address | undefined
  go(screen: Screen): void
  editNetwork(chainId: ChainId | undefined): void
  openAccount(account: Address): void
}

/** Which screen of the unlocked popup is showing. */
export const useNavigation = create<NavigationStore>((set) => ({
  screen: 'home',
  editingNetwork: undefined,
  openedAccount: undefined,
  go: (screen) => set({ screen, editingNetwork: undefined, openedAccount: undefined }),
  editNetwork: (chainId) => set({ screen: 'network-form', editingNetwork: chainId }),
  openAccount: (account) => set({ screen: 'account', openedAccount: account }),
}))
