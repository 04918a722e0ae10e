import type { EngineResponse } from '../core/multichain/ports.ts'
import type { BackgroundMessage, ConnectionPort } from '../core/protocol/connection.ts'
import {
  type ExternalPortMessage,
  externalConnectionId,
  externalPortMessage,
  externalResponse,
  isLastingPortName,
  parseExternalPortMessage,
} from '../core/protocol/externalPort.ts'
import { externalPageOrigin } from '../core/protocol/pageOrigin.ts'
import { createResultAssembler } from '../core/protocol/resultParts.ts'
import type { ConnectionOutlet } from './connections.ts'
import {
  type ConnectionServerDependencies,
  createConnectionServer,
  type PortSender,
} from './pagePorts.ts'

/** A port a web page opened with `chrome.runtime.connect(<id>)`, as the worker gets it. */
export type ExternalPort = ConnectionPort<unknown, ExternalPortMessage> & {
  name: string
  sender?: PortSender
}

export type ExternalPortDependencies = ConnectionServerDependencies & {
  /** A fresh id for a port that is not a lasting one (`crypto.randomUUID`). */
  randomId(): string
}

/**
 * The connection's outlet on an external port: what the wallet sends the connection, in the
 * client's wire (`{ type: 'caip-348', data }`). It takes a result text whole (`takesWholeResults`);
 * pieces held for it while it was away (a reconnect) are put back together and sent whole. On a
 * port of any page script its result is parsed (`externalResponse`): standard JSON-RPC. On a
 * lasting port (Aperture's MAIN-world script at the other end) it stays the node's text, one
 * string to copy instead of an object tree, parsed in the page (`standardExternalMessage`).
 */
function externalOutlet(port: ExternalPort): ConnectionOutlet {
  const results = createResultAssembler()
  const toPage = isLastingPortName(port.name)
    ? (response: EngineResponse) => response
    : externalResponse
  return {
    takesWholeResults: true,
    postMessage(message: BackgroundMessage) {
      if (message.type === 'resultPart') results.add(message.id, message.text)
      else if (message.type === 'notification')
        port.postMessage(externalPortMessage(message.notification))
      else port.postMessage(externalPortMessage(toPage(results.complete(message.response))))
    },
  }
}

/**
 * Serves the ports web pages open with `chrome.runtime.connect(<extension id>)`
 * (`externally_connectable`, DESIGN §3), each: the origin is the browser's (`port.sender`); a
 * sender that is not an http(s) page is disconnected. The port is a page connection like a content
 * script's, under the same engine, session and rules (`createConnectionServer`); its id is the
 * page's lasting one, bound to the opening document, when Aperture's MAIN-world script opened it
 * (`externalConnectionId`).
 * Messages that are not `caip-348` requests are ignored. Returns the function the worker's
 * `runtime.onConnectExternal` listener hands each port to.
 */
export function createExternalPortServer(
  deps: ExternalPortDependencies,
): (port: ExternalPort) => void {
  const serve = createConnectionServer(deps)

  return function serveExternalPort(port: ExternalPort): void {
    const origin =
      port.sender &&
      externalPageOrigin({
        senderId: port.sender.id,
        origin: port.sender.origin,
        url: port.sender.url,
      })
    if (!origin) {
      port.disconnect()
      return
    }
    const connection = externalConnectionId(
      { origin, documentId: port.sender?.documentId, portName: port.name },
      deps.randomId,
    )
    const outlet = externalOutlet(port)
    deps.connections.add(connection, origin, outlet)

    port.onMessage.addListener((message) => {
      const request = parseExternalPortMessage(message)
      if (request !== undefined) serve.request({ origin, connection, request })
    })
    port.onDisconnect.addListener(() => serve.closed({ origin, connection, port: outlet }))
  }
}
