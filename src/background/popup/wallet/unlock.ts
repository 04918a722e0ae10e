import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `wallet:unlock`: opens the vault with the password (`incorrect_password` when it does not). */
export const walletUnlock =
  ({ wallet }: Pick<PopupPorts, 'wallet'>): PopupHandler<'wallet:unlock'> =>
  ({ password }) =>
    wallet.unlock(password)
