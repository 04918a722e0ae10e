import { externalMessageType } from '../core/protocol/externalPort.ts'
import type { WalletInfo } from './createProvider.ts'

const announceEvent = 'caip294:wallet_announce'
const promptEvent = 'caip294:wallet_prompt'

/** A CAIP-294 target: how a dapp can reach the wallet besides `window.aperture`. */
export type WalletTarget = { type: string; value: string }

/** The CAIP-294 `wallet_announce` params: the wallet's info and its targets. */
export type WalletAnnounceParams = WalletInfo & { targets: WalletTarget[] }

/**
 * The announce's params: `info` and the extension transport as targets (DESIGN §3), under both
 * names a dapp may look for — `caip-348` (the wire's name, which the official client's
 * documentation uses) and `caip341` (the CAIP-341 text's name for the same extension id target).
 * Without an extension transport (`extensionId` undefined: Firefox, DESIGN §10) there is no target;
 * dapps use `window.aperture`.
 */
export const walletAnnounceParams = (
  info: WalletInfo,
  extensionId: string | undefined,
): WalletAnnounceParams => ({
  ...info,
  targets:
    extensionId === undefined
      ? []
      : [
          { type: externalMessageType, value: extensionId },
          { type: 'caip341', value: extensionId },
        ],
})

/**
 * CAIP-294 discovery: dispatches `caip294:wallet_announce` now and again on every
 * `caip294:wallet_prompt`, with `params` as the JSON-RPC `params` of the event's detail.
 */
export function announceWallet(target: Window, params: WalletAnnounceParams): void {
  const announce = (): void => {
    const detail = Object.freeze({ id: 1, jsonrpc: '2.0', method: 'wallet_announce', params })
    target.dispatchEvent(new CustomEvent(announceEvent, { detail }))
  }
  target.addEventListener(promptEvent, announce)
  announce()
}
