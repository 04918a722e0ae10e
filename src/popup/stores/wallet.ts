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
  /** The accounts' names, in the same order (the worker's: "Account N" unless renamed). */
  names: string[]
  /** The accounts imported by private key (removable, labelled `Imported`). */
  imported: Address[]
  busy: boolean
  error: string | undefined
  refresh(): Promise<void>
  /** Takes the wallet's state as the worker gave it in another answer (`confirmations:open`). */
  take(state: WalletState): void
  importMnemonic(mnemonic: string, password: string): Promise<void>
  createFromNewMnemonic(password: string, confirmation: Record<number, string>): Promise<void>
  unlock(password: string): Promise<void>
  lock(): Promise<void>
  addAccount(): Promise<void>
  /** Names an account; resolves whether the worker took the name (else `error` says why). */
  rename(account: Address, name: string): Promise<boolean>
  /** Imports an account by private key; resolves whether it was (else `error` says why). */
  importKey(key: string): Promise<boolean>
  /** Removes an imported account; resolves whether it was. */
  removeAccount(account: Address): Promise<boolean>
  clearError(): void
  /** Puts `address` on the clipboard (an account's Copy). */
  copyAddress(address: string): Promise<void>
}

/** The wallet's status and accounts as the background reports them, and the actions on them. */
export const useWallet = create<WalletStore>((set) => {
  const take = (state: WalletState) =>
    set({
      status: state.status,
      accounts: state.accounts,
      addresses: state.addresses ?? {},
      names: state.names ?? [],
      imported: state.imported ?? [],
      busy: false,
    })
  const run = async (action: () => Promise<WalletState>): Promise<boolean> => {
    set({ busy: true, error: undefined })
    try {
      take(await action())
      return true
    } catch (error) {
      set({ busy: false, error: errorMessage(error) })
      return false
    }
  }
  return {
    status: 'loading',
    accounts: [],
    addresses: {},
    names: [],
    imported: [],
    busy: false,
    error: undefined,
    refresh: async () => {
      await run(() => callBackground('wallet:getState'))
    },
    take,
    importMnemonic: async (mnemonic, password) => {
      await run(() => callBackground('wallet:import', { mnemonic, password }))
    },
    createFromNewMnemonic: async (password, confirmation) => {
      await run(() => callBackground('wallet:create', { password, confirmation }))
    },
    unlock: async (password) => {
      await run(() => callBackground('wallet:unlock', { password }))
    },
    lock: async () => {
      await run(() => callBackground('wallet:lock'))
    },
    addAccount: async () => {
      await run(() => callBackground('wallet:addAccount'))
    },
    rename: (account, name) => run(() => callBackground('accounts:rename', { account, name })),
    importKey: (key) => run(() => callBackground('accounts:importKey', { key })),
    removeAccount: (account) => run(() => callBackground('accounts:remove', { account })),
    clearError: () => set({ error: undefined }),
    copyAddress: (address) => popupPort().writeClipboard(address),
  }
})
