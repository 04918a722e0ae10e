import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `accounts:rename`: gives one of the wallet's accounts a name of the user's (DESIGN §9). */
export const accountsRename =
  ({ wallet }: Pick<PopupPorts, 'wallet'>): PopupHandler<'accounts:rename'> =>
  ({ account, name }) =>
    wallet.rename(account, name)
