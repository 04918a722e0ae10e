import type { EthereumProvider } from './createEthereumProvider.ts'
import type { WalletInfo } from './createProvider.ts'

/** EIP-6963's events. */
export const eip6963Events = {
  announce: 'eip6963:announceProvider',
  request: 'eip6963:requestProvider',
} as const

/**
 * EIP-6963 discovery: dispatches `eip6963:announceProvider` with a frozen `{ info, provider }` now,
 * and again, synchronously, on every `eip6963:requestProvider` — so a dapp that asks once at start
 * finds the provider whether it asked before or after this script ran.
 */
export function announceEip6963(
  target: EventTarget,
  info: WalletInfo,
  provider: EthereumProvider,
): void {
  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider })
  const announce = (): void => {
    target.dispatchEvent(new CustomEvent(eip6963Events.announce, { detail }))
  }
  target.addEventListener(eip6963Events.request, announce)
  announce()
}
