import type { WalletInfo } from './createProvider.ts'
import { providerIcon } from './providerIcon.ts'

const iconSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="22" fill="#1d2a44"/>' +
  '<circle cx="48" cy="48" r="30" fill="none" stroke="#f5b841" stroke-width="8"/>' +
  '<path d="M48 18 62 48M78 48 48 62M48 78 34 48M18 48 48 34" stroke="#f5b841" stroke-width="6"/>' +
  '</svg>'

/** The CAIP-294 / `window.aperture.info` data; `uuid` is fresh for every page load. */
export function createWalletInfo(): WalletInfo {
  return Object.freeze({
    uuid: crypto.randomUUID(),
    name: 'Aperture Canary',
    icon: `data:image/svg+xml;base64,${btoa(iconSvg)}`,
    rdns: 'dev.aperture.canary',
  })
}

/** The EIP-6963 `info` (DESIGN §3); `uuid` is fresh for every page load. */
export function createEip6963Info(): WalletInfo {
  return Object.freeze({
    uuid: crypto.randomUUID(),
    name: 'Aperture',
    icon: providerIcon,
    rdns: 'dev.aperture.canary',
  })
}
