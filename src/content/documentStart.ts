import { contentPagePortKey } from '../core/protocol/pagePort.ts'
import { offerPagePort } from './offerPagePort.ts'

// Runs synchronously at document_start (a standalone script, not behind crxjs' module loader), so
// the page port is handed over before any page script runs; the bridge (`index.ts`) finds it here.
offerPagePort(window, new MessageChannel(), (port) => {
  Object.assign(globalThis, { [contentPagePortKey]: port })
})
