import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `wallet:getState`: whether a vault exists and is unlocked, and the accounts' addresses. */
export const walletGetState =
  ({ wallet }: Pick<PopupPorts, 'wallet'>): PopupHandler<'wallet:getState'> =>
  () =>
    wallet.state()
