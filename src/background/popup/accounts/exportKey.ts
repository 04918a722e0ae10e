import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `accounts:exportKey`: an account's private keys, once the password is typed again (DESIGN §9);
 * the answer goes to the account screen only and is kept nowhere in the worker.
 */
export const accountsExportKey =
  ({ wallet }: Pick<PopupPorts, 'wallet'>): PopupHandler<'accounts:exportKey'> =>
  ({ account, password }) =>
    wallet.exportKeys(account, password)
