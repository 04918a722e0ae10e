import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `wallet:lock`: forgets the unlocked keys; sessions stay. */
export const walletLock =
  ({ wallet }: Pick<PopupPorts, 'wallet'>): PopupHandler<'wallet:lock'> =>
  () =>
    wallet.lock()
