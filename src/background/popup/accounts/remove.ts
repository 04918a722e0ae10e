import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `accounts:remove`: an imported account leaves the wallet, and every session that held it loses
 * it (`wallet_sessionChanged`, EIP-1193 `accountsChanged`; a session left without accounts ends).
 */
export const accountsRemove =
  ({ wallet, engine }: Pick<PopupPorts, 'wallet' | 'engine'>): PopupHandler<'accounts:remove'> =>
  async ({ account }) => {
    const state = await wallet.removeAccount(account)
    await engine.dropRemovedAccounts()
    return state
  }
