import { walletStandardMethods } from '../../core/protocol/walletStandard.ts'
import type { SolanaWalletChannel } from './createSolanaWallet.ts'

/** JSON-RPC requests as the page's providers make them (`window.aperture.request`). */
type Requests = { request(args: { method: string; params?: unknown }): Promise<unknown> }

/** The Multichain API provider (`window.aperture`): requests and its notifications. */
type MultichainProvider = Requests & {
  on(event: 'wallet_sessionChanged', listener: (params: unknown) => void): unknown
}

/**
 * The Solana wallet's way to the worker: connecting and disconnecting on its own page API (the
 * `solana` channel: `standard:connect`, `standard:disconnect`), signing through the Multichain
 * API's `wallet_invokeMethod` — the same handlers, checks and confirmations as a Multichain API
 * dapp's calls — and the session's changes from its `wallet_sessionChanged`.
 */
export function createSolanaWalletChannel(
  multichain: MultichainProvider,
  walletStandard: Requests,
): SolanaWalletChannel {
  return {
    connect: (silent) =>
      walletStandard.request({ method: walletStandardMethods.connect, params: { silent } }),
    disconnect: () => walletStandard.request({ method: walletStandardMethods.disconnect }),
    invokeMethod: (scope, request) =>
      multichain.request({ method: 'wallet_invokeMethod', params: { scope, request } }),
    onSessionChanged: (listener) => {
      multichain.on('wallet_sessionChanged', (params) => {
        if (typeof params === 'object' && params !== null && 'sessionScopes' in params) {
          listener(params.sessionScopes)
        }
      })
    },
  }
}
