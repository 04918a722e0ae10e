import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `wallet:changePassword`: the vault re-encrypted under a new password, after the current one. */
export const walletChangePassword =
  ({ wallet }: Pick<PopupPorts, 'wallet'>): PopupHandler<'wallet:changePassword'> =>
  ({ current, next }) =>
    wallet.changePassword(current, next)
