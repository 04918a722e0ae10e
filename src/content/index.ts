import { WindowPostMessageStream } from '@metamask/post-message-stream'
import {
  connectionPortName,
  contentStreamName,
  inpageStreamName,
} from '../core/wallet/connection.ts'
import { createBridge } from './createBridge.ts'
import { asObjectStream } from './objectStream.ts'

const stream = asObjectStream(
  new WindowPostMessageStream({ name: contentStreamName, target: inpageStreamName }),
)

createBridge(
  { send: (message) => stream.write(message), onMessage: (handler) => stream.on('data', handler) },
  () => chrome.runtime.connect({ name: connectionPortName }),
)
