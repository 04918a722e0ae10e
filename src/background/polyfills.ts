import { Buffer } from 'buffer'

// `@metamask/browser-passworder` (the vault) calls Node's global `Buffer`. The service worker is the
// extension's own context, not a page, so it may have one.
if (!('Buffer' in globalThis)) Object.assign(globalThis, { Buffer })
