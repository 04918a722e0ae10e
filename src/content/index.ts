import { WindowPostMessageStream } from '@metamask/post-message-stream'
import {
  connectionPortName,
  contentStreamName,
  inpageStreamName,
} from '../core/protocol/connection.ts'
import { asObjectStream } from '../core/protocol/objectStream.ts'
import { contentPagePortKey } from '../core/protocol/pagePort.ts'
import { createBridge } from './createBridge.ts'
import { extensionTransportId, handOverExtensionId } from './handOverExtensionId.ts'

const stream = asObjectStream(
  new WindowPostMessageStream({ name: contentStreamName, target: inpageStreamName }),
)

// The page port, when the MAIN-world script took it at document_start (`documentStart.ts`).
const pagePort = (globalThis as { [contentPagePortKey]?: MessagePort })[contentPagePortKey]

createBridge(
  {
    send: (message) => stream.write(message),
    onMessage: (handler) => stream.on('data', handler),
    port: pagePort,
  },
  () => chrome.runtime.connect({ name: connectionPortName }),
  () => {
    // Read, so that Chrome does not report it as unchecked; a dropped port is expected (worker stop).
    if (chrome.runtime.lastError) console.debug('Aperture: port dropped', chrome.runtime.lastError)
  },
)

handOverExtensionId(window, extensionTransportId(chrome.runtime.getManifest(), chrome.runtime.id))
