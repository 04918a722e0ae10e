import { callBackground, errorMessage } from '../callBackground.ts'
import { useConfirmations } from './confirmations.ts'
import { useWallet } from './wallet.ts'

/**
 * The confirmation window's start (issue 36): one question to the worker, `confirmations:open`,
 * for the wallet's state and the queue together, asked before the first render. The queue is taken
 * before the state, so the window's first unlocked render already has its request.
 */
export async function openConfirmationWindow(): Promise<void> {
  try {
    const { wallet, queue } = await callBackground('confirmations:open')
    if (queue) useConfirmations.getState().take(queue)
    useWallet.getState().take(wallet)
  } catch (error) {
    useWallet.setState({ error: errorMessage(error) })
  }
}
