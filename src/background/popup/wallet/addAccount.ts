import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `wallet:addAccount`: derives the next account (`wallet_locked` while locked). */
export const walletAddAccount =
  ({ wallet }: Pick<PopupPorts, 'wallet'>): PopupHandler<'wallet:addAccount'> =>
  () =>
    wallet.addAccount()
