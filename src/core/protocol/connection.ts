import type { EngineResponse } from '../multichain/ports.ts'
import type { RpcId, RpcNotification } from '../rpc/types.ts'

/**
 * The wire between a page and the service worker (DESIGN §2, §3): the inpage provider and the
 * content script talk over a `WindowPostMessageStream` pair; the content script and the service
 * worker over one runtime port per page connection (frame).
 */

/** `WindowPostMessageStream` name of the inpage (MAIN world) end. */
export const inpageStreamName = 'aperture-inpage'
/** `WindowPostMessageStream` name of the content-script (isolated world) end. */
export const contentStreamName = 'aperture-contentscript'
/** `runtime.connect({ name })` of the content script's port to the service worker. */
export const connectionPortName = 'aperture-multichain'

/**
 * The key of one page request across worker restarts: the page connection and the request's id
 * (`<connection>/<JSON id>`). The content script re-sends an unanswered request with both unchanged.
 */
export const requestKeyOf = (connection: string, id: RpcId | undefined): string =>
  `${connection}/${JSON.stringify(id ?? null)}`

/** What the content script sends on its port. */
export type ContentMessage =
  /** First message of every (re)connection: names the page connection, stable for its lifetime. */
  | { type: 'hello'; connectionId: string }
  /** A page's JSON-RPC request, as the page sent it (validated by the engine). */
  | { type: 'request'; request: unknown }

/**
 * What the service worker sends on a content script's port. A response may carry its result as JSON
 * text (`resultJson`, a node's result passed on unparsed): the content script forwards it to the
 * page as text and the inpage provider parses it. A long text comes in pieces (`resultParts.ts`).
 */
export type BackgroundMessage =
  | { type: 'response'; response: EngineResponse }
  /** A leading piece of the `resultJson` of the response with this id, which follows on this port. */
  | { type: 'resultPart'; id: RpcId; text: string }
  | { type: 'notification'; notification: RpcNotification }

/**
 * One end of the runtime port between a content script and the service worker, as each side uses
 * it (`chrome.runtime.Port` fits; unit tests give a fake): `Incoming` arrives on it, `Outgoing`
 * leaves by it.
 */
export type ConnectionPort<Incoming, Outgoing> = {
  postMessage(message: Outgoing): void
  disconnect(): void
  onMessage: { addListener(listener: (message: Incoming) => void): void }
  onDisconnect: { addListener(listener: () => void): void }
}

/** The service worker's end of a page connection's port. */
export type WorkerPort = ConnectionPort<ContentMessage, BackgroundMessage>
