import { WindowPostMessageStream } from '@metamask/post-message-stream'
import { contentStreamName, inpageStreamName } from '../core/protocol/connection.ts'
import { asObjectStream } from '../core/protocol/objectStream.ts'
import { announceWallet, walletAnnounceParams } from './announce.ts'
import { createProvider } from './createProvider.ts'
import { receiveExtensionId } from './receiveExtensionId.ts'
import { type PageRuntime, routeConnectsToLastingPorts } from './routeConnectsToLastingPorts.ts'
import { createWalletInfo } from './walletInfo.ts'

const stream = asObjectStream(
  new WindowPostMessageStream({ name: inpageStreamName, target: contentStreamName }),
)
const info = createWalletInfo()
const provider = createProvider(
  {
    send: (message) => stream.write(message),
    onMessage: (handler) => stream.on('data', handler),
  },
  info,
)

Object.defineProperty(window, 'aperture', {
  value: provider,
  enumerable: true,
  configurable: false,
  writable: false,
})

// The extension id comes from the content script (this world has no `chrome.runtime.id`); the
// first announce waits for it, so that it names the extension transport's target.
receiveExtensionId(window, (extensionId) => {
  const runtime = (window as { chrome?: { runtime?: PageRuntime } }).chrome?.runtime
  if (typeof runtime?.connect === 'function') {
    routeConnectsToLastingPorts(runtime, extensionId, {
      randomId: () => crypto.randomUUID(),
      now: () => Date.now(),
      later: (callback, ms) => void setTimeout(callback, ms),
    })
  }
  announceWallet(window, walletAnnounceParams(info, extensionId))
})
