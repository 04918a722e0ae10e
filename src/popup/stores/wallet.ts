import type { Address } from 'viem'
import { create } from 'zustand'
import type { WalletState, WalletStatus } from '../../core/protocol/popupMessages.ts'
import { callBackground, errorMessage } from '../callBackground.ts'
import { popupPort } from '../popupPort.ts'

type WalletStore = {
  status: WalletStatus | 'loading'
  accounts: Address[]
  /** The accounts' addresses in the other namespaces, in the same order (`{ solana: [...] }`). */
  addresses: Record<string, string[]>
  busy: boolean
  error: string | undefined
  refresh(): Promise<void>
  importMnemonic(mnemonic: string, password: string): Promise<void>
  createFromNewMnemonic(password: string, confirmation: Record<number, string>): Promise<void>
  unlock(password: string): Promise<void>
  lock(): Promise<void>
  addAccount(): Promise<void>
  clearError(): void
  /** Puts `address` on the clipboard (an account's Copy). */
  copyAddress(address: string): Promise<void>
}

/** The wallet's status and accounts as the background reports them, and the actions on them. */
export const useWallet = create<WalletStore>((set) => {
  const run = async (action: () => Promise<WalletState>): Promise<void> => {
    set({ busy: true, error: undefined })
    try {
      const state = await action()
      set({
        status: state.status,
        accounts: state.accounts,
        addresses: state.addresses ?? {},
        busy: false,
      })
    } catch (error) {
      set({ busy: false, error: errorMessage(error) })
    }
  }
  return {
    status: 'loading',
    accounts: [],
    addresses: {},
    busy: false,
    error: undefined,
    refresh: () => run(() => callBackground('wallet:getState')),
    importMnemonic: (mnemonic, password) =>
      run(() => callBackground('wallet:import', { mnemonic, password })),
    createFromNewMnemonic: (password, confirmation) =>
      run(() => callBackground('wallet:create', { password, confirmation })),
    unlock: (password) => run(() => callBackground('wallet:unlock', { password })),
    lock: () => run(() => callBackground('wallet:lock')),
    addAccount: () => run(() => callBackground('wallet:addAccount')),
    clearError: () => set({ error: undefined }),
    copyAddress: (address) => popupPort().writeClipboard(address),
  }
})
