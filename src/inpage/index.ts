import { registerWallet } from '@wallet-standard/wallet'
import { contentStreamName, inpageStreamName } from '../core/protocol/connection.ts'
import { announceWallet, walletAnnounceParams } from './announce.ts'
import { announceEip6963 } from './announceEip6963.ts'
import { assignWindowEthereum } from './assignWindowEthereum.ts'
import { createEthereumProvider } from './createEthereumProvider.ts'
import { createProvider } from './createProvider.ts'
import { createRequester } from './createRequester.ts'
import { createPageStream } from './pageStream.ts'
import { createPageWire } from './pageWire.ts'
import { providerIcon } from './providerIcon.ts'
import { receiveExtensionId } from './receiveExtensionId.ts'
import { receivePagePort } from './receivePagePort.ts'
import { type PageRuntime, routeConnectsToLastingPorts } from './routeConnectsToLastingPorts.ts'
import { createSolanaWallet } from './solana/createSolanaWallet.ts'
import { createSolanaWalletChannel } from './solana/createSolanaWalletChannel.ts'
import { createEip6963Info, createWalletInfo } from './walletInfo.ts'

const wire = createPageWire(
  createPageStream({
    window,
    origin: window.location.origin,
    name: inpageStreamName,
    target: contentStreamName,
  }),
)
// Long results come on the page port, handed over by the content script before any page script runs.
receivePagePort(window, (port) => {
  wire.receiveResults({
    onMessage: (handler) => {
      port.onmessage = (event) => handler(event.data)
    },
  })
})
const info = createWalletInfo()
const provider = createProvider(wire.channel('multichain'), info)

Object.defineProperty(window, 'aperture', {
  value: provider,
  enumerable: true,
  configurable: false,
  writable: false,
})

// The EIP-1193 provider (DESIGN §7): announced by EIP-6963, and `window.ethereum` when the page
// has none.
const ethereum = createEthereumProvider(wire.channel('eip1193'))
announceEip6963(window, createEip6963Info(), ethereum)
assignWindowEthereum(window as { ethereum?: unknown }, ethereum)

// The Solana Wallet Standard wallet (DESIGN §8), on the same session: registered for
// `@wallet-standard/app`'s registry, whether the dapp's code runs before or after this script.
registerWallet(
  createSolanaWallet({
    channel: createSolanaWalletChannel(provider, createRequester(wire.channel('solana'))),
    icon: providerIcon,
    host: window.location.host,
  }),
)

// The extension id comes from the content script (this world has no `chrome.runtime.id`); the
// first announce waits for it, so that it names the extension transport's target, or none where
// pages have no extension transport (Firefox).
receiveExtensionId(window, (extensionId) => {
  const runtime = (window as { chrome?: { runtime?: PageRuntime } }).chrome?.runtime
  if (extensionId !== undefined && typeof runtime?.connect === 'function') {
    routeConnectsToLastingPorts(runtime, extensionId, {
      randomId: () => crypto.randomUUID(),
      now: () => Date.now(),
      later: (callback, ms) => void setTimeout(callback, ms),
    })
  }
  announceWallet(window, walletAnnounceParams(info, extensionId))
})
