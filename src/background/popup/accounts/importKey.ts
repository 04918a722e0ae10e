import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `accounts:importKey`: an account from a pasted private key, kept in the vault (DESIGN §9);
 * refused `invalid_private_key` (the reason, never the key) or `duplicate_account`.
 */
export const accountsImportKey =
  ({ wallet }: Pick<PopupPorts, 'wallet'>): PopupHandler<'accounts:importKey'> =>
  ({ key }) =>
    wallet.importKey(key)
