import { WindowPostMessageStream } from '@metamask/post-message-stream'
import { contentStreamName, inpageStreamName } from '../core/protocol/connection.ts'
import { asObjectStream } from '../core/protocol/objectStream.ts'
import { announceWallet } from './announce.ts'
import { createProvider } from './createProvider.ts'
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
announceWallet(window, info)
