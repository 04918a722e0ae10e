import type { Address } from 'viem'
import { create } from 'zustand'
import type { ExportedKeys } from '../../core/keyring/exportPrivateKeys.ts'
import { callBackground, errorMessage } from '../callBackground.ts'
import { popupPort } from '../popupPort.ts'

type SecretsStore = {
  busy: boolean
  /** Why the last request was refused (a wrong password, the wait after too many). */
  error: string | undefined
  /**
   * The account's private keys, with the password typed again; `undefined` when refused. The keys
   * are returned, never kept here: the screen that asked holds them while it shows them.
   */
  exportKeys(account: Address, password: string): Promise<ExportedKeys | undefined>
  /** The secret recovery phrase, with the password typed again (returned, never kept here). */
  revealPhrase(password: string): Promise<string | undefined>
  /**
   * Copies a shown secret to the clipboard, once the user confirmed the warning: the worker is
   * first asked to clear the clipboard 60 seconds later (`clipboard:clearLater`, which carries no
   * secret), then the secret is written, so it is never on the clipboard without a clear due.
   * Resolves when the clear is due; `undefined` when it failed (the reason in `error`).
   */
  copySecret(secret: string): Promise<number | undefined>
  /** Re-encrypts the vault under a new password; resolves whether it was changed. */
  changePassword(current: string, next: string): Promise<boolean>
  clearError(): void
}

/**
 * The requests behind a password typed again (DESIGN §9): exporting a key, revealing the phrase,
 * changing the password. This store holds whether one is running and why it failed; the secrets
 * go straight to the screen that asked.
 */
export const useSecrets = create<SecretsStore>((set) => {
  const run = async <Result>(action: () => Promise<Result>): Promise<Result | undefined> => {
    set({ busy: true, error: undefined })
    try {
      const result = await action()
      set({ busy: false })
      return result
    } catch (error) {
      set({ busy: false, error: errorMessage(error) })
      return undefined
    }
  }
  return {
    busy: false,
    error: undefined,
    exportKeys: (account, password) =>
      run(() => callBackground('accounts:exportKey', { account, password })),
    revealPhrase: async (password) =>
      (await run(() => callBackground('wallet:revealPhrase', { password })))?.mnemonic,
    copySecret: async (secret) =>
      run(async () => {
        const { clearAt } = await callBackground('clipboard:clearLater')
        await popupPort().writeClipboard(secret)
        return clearAt
      }),
    changePassword: async (current, next) =>
      (await run(() => callBackground('wallet:changePassword', { current, next }))) !== undefined,
    clearError: () => set({ error: undefined }),
  }
})
