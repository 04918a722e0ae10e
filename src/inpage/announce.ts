import type { WalletInfo } from './createProvider.ts'

const announceEvent = 'caip294:wallet_announce'
const promptEvent = 'caip294:wallet_prompt'

/**
 * CAIP-294 discovery: dispatches `caip294:wallet_announce` now and again on every
 * `caip294:wallet_prompt`, with the wallet's info as the JSON-RPC `params` of the event's detail.
 */
export function announceWallet(target: Window, info: WalletInfo): void {
  const announce = (): void => {
    const detail = Object.freeze({ id: 1, jsonrpc: '2.0', method: 'wallet_announce', params: info })
    target.dispatchEvent(new CustomEvent(announceEvent, { detail }))
  }
  target.addEventListener(promptEvent, announce)
  announce()
}
