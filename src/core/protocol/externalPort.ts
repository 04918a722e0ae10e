import type { EngineResponse } from '../multichain/ports.ts'
import { parseResultJson } from '../rpc/parseResultJson.ts'
import type { Json, RpcResponse } from '../rpc/types.ts'

/**
 * The standard extension transport (DESIGN §3, CAIP-294 / CAIP-341 targets): a page opens
 * `chrome.runtime.connect(<extension id>)` (`externally_connectable`) and both sides post
 * `{ type: 'caip-348', data: <JSON-RPC> }` on that port. This is the wire of
 * `@metamask/multichain-api-client`'s default transport, written once for the worker and the
 * MAIN-world script.
 */

/** The `type` of every message on an external port, both ways. */
export const externalMessageType = 'caip-348'

/** What travels on an external port: a JSON-RPC request, response or notification in `data`. */
export type ExternalPortMessage = { type: typeof externalMessageType; data: Json }

/**
 * The `runtime.connect` name the MAIN-world script gives the ports it opens for a page: the prefix
 * and a random id that stays the same for the page's lifetime, across worker restarts (so that a
 * re-sent request is answered once and subscriptions find their page again).
 */
export const lastingPortNamePrefix = 'aperture-lasting:'

const lastingPortName =
  /^aperture-lasting:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Whether a port was opened by Aperture's MAIN-world script (`lastingPortNamePrefix`). */
export const isLastingPortName = (name: string): boolean => lastingPortName.test(name)

/**
 * The JSON-RPC request an external port's message carries, when it is one to answer: a
 * `caip-348` message whose `data` is a JSON object with a string or number `id`. Anything else —
 * the client's initial `'ping'`, other types, notifications (no id), values that are not JSON
 * (cycles, `BigInt`) — is undefined: ignored without an answer. The request comes back as plain
 * JSON (a structured-cloned `Date` or `Map` is reduced as `JSON.stringify` reduces it), so nothing
 * that is not JSON reaches the engine or storage. Never throws.
 *
 * @example
 * parseExternalPortMessage({ type: 'caip-348', data: { jsonrpc: '2.0', id: 7, method: 'wallet_getSession' } })
 * // { jsonrpc: '2.0', id: 7, method: 'wallet_getSession' }
 * parseExternalPortMessage('ping') // undefined
 */
export function parseExternalPortMessage(message: unknown): { [key: string]: Json } | undefined {
  if (typeof message !== 'object' || message === null) return undefined
  const { type, data } = message as { type?: unknown; data?: unknown }
  if (type !== externalMessageType) return undefined
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined
  const { id } = data as { id?: unknown }
  if (typeof id !== 'string' && !(typeof id === 'number' && Number.isFinite(id))) return undefined
  return asJson(data) as { [key: string]: Json } | undefined
}

/** A value as JSON would carry it; undefined when JSON cannot (a cycle, a `BigInt`, too deep). */
function asJson(value: object): Json | undefined {
  try {
    return JSON.parse(JSON.stringify(value)) as Json
  } catch (error) {
    // `JSON.stringify` throws a TypeError on cycles and BigInt, a RangeError past the stack's
    // depth: such a message is not a JSON-RPC request, and is ignored like one of another type.
    if (error instanceof TypeError || error instanceof RangeError) return undefined
    throw error
  }
}

/** The message that carries a JSON-RPC response or notification to the page. */
export const externalPortMessage = (data: Json): ExternalPortMessage => ({
  type: externalMessageType,
  data,
})

/**
 * The standard JSON-RPC response to send on an external port: a node's result, which the engine
 * passes on as JSON text (`resultJson`), parsed into `result` as the client expects it; a text that
 * is not JSON is `-32603` with `data.cause`, as the inpage provider answers it (`parseResultJson`,
 * free of `@metamask/rpc-errors`: the MAIN-world script runs this too).
 */
export function externalResponse(response: EngineResponse): RpcResponse {
  if (!('resultJson' in response)) return response
  return { jsonrpc: '2.0', id: response.id, ...parseResultJson(response.resultJson) }
}

/**
 * What the MAIN-world script hands the page for a message from the worker on a lasting port.
 * Both ends being Aperture's, the worker leaves a node's result as the node's JSON text
 * (`{ type: 'caip-348', data: { jsonrpc, id, resultJson } }`): a string crosses the port as one
 * copy, where an object tree of 10,000 logs is serialized and rebuilt member by member. Here, in
 * the page, it is parsed once (`externalResponse`), so the page's client still receives standard
 * JSON-RPC. Every other message is passed on as it is.
 */
export function standardExternalMessage(message: unknown): unknown {
  if (typeof message !== 'object' || message === null) return message
  const { type, data } = message as { type?: unknown; data?: unknown }
  if (type !== externalMessageType || typeof data !== 'object' || data === null) return message
  if (typeof (data as { resultJson?: unknown }).resultJson !== 'string') return message
  return externalPortMessage(externalResponse(data as EngineResponse))
}

/** What the browser says about the document that opened an external port, and the port's name. */
export type ExternalPortOrigin = {
  /** The page's origin as the browser reports it (`sender.origin`). */
  origin: string
  /** The opening document's id as the browser reports it (`sender.documentId`); absent: unknown. */
  documentId: string | undefined
  /** The `runtime.connect` name the page chose. */
  portName: string
}

/**
 * The connection id of an external port in the worker. A port Aperture's MAIN-world script opened
 * (a lasting name) keeps its connection across reconnects — after a worker stop — but only within
 * the document that opened it: the id is made of what the browser says (the origin and
 * `sender.documentId`) with the page's lasting id. Another document (another tab, a frame, the page
 * after a navigation) naming the same lasting id gets a connection of its own, so no page takes
 * over another document's requests, answers or subscriptions by naming its port. Any other port,
 * or one whose document the browser does not name, gets a fresh id for itself alone.
 *
 * @example
 * externalConnectionId({ origin: 'https://app.example', documentId: 'D0C', portName: 'aperture-lasting:6f1c…' }, () => 'x')
 * // 'external:https://app.example#D0C#6f1c…'
 */
export function externalConnectionId(
  { origin, documentId, portName }: ExternalPortOrigin,
  randomId: () => string,
): string {
  if (documentId === undefined || !isLastingPortName(portName)) {
    return `external:${origin}#${randomId()}`
  }
  return `external:${origin}#${documentId}#${portName.slice(lastingPortNamePrefix.length)}`
}
