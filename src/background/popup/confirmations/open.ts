import type { PopupHandler, PopupPorts } from '../ports.ts'
import { confirmationsList } from './list.ts'

/**
 * `confirmations:open`: the confirmation window's one question at its start — the wallet's state
 * and, when it is unlocked, the queue as `confirmations:list` gives it, both read at once. A locked
 * wallet's queue is left out: the window asks to unlock first and lists the queue after.
 */
export const confirmationsOpen = (
  ports: Pick<PopupPorts, 'wallet' | 'confirmations' | 'networks'>,
): PopupHandler<'confirmations:open'> => {
  const list = confirmationsList(ports)
  return async () => {
    const [wallet, queue] = await Promise.all([ports.wallet.state(), list(undefined)])
    return wallet.status === 'unlocked' ? { wallet, queue } : { wallet }
  }
}
