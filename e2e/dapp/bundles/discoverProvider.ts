import type { EIP1193Provider } from 'viem'

/** An EIP-6963 announcement's `detail`. */
export type ProviderDetail = {
  info: { uuid: string; name: string; icon: string; rdns: string }
  provider: EIP1193Provider
}

/**
 * What a dapp does to find a wallet by EIP-6963: listens for announcements, asks once, and takes
 * the first provider whose `rdns` is the one it wants (Aperture's `dev.aperture.canary`).
 */
export function discoverProvider(rdns: string): Promise<ProviderDetail> {
  return new Promise((resolve) => {
    const listener = (event: Event): void => {
      const detail = (event as CustomEvent<ProviderDetail>).detail
      if (detail?.info?.rdns !== rdns) return
      window.removeEventListener('eip6963:announceProvider', listener)
      resolve(detail)
    }
    window.addEventListener('eip6963:announceProvider', listener)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  })
}
