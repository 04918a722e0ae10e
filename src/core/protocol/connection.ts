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
 * The APIs a page speaks to the wallet, each a channel of its own on the one page stream and runtime
 * port: the Multichain API (`window.aperture`), the EIP-1193 provider (DESIGN §7), the Solana Wallet
 * Standard wallet's connect and disconnect (§8, `walletStandard.ts`). A new page API adds its name
 * here and a server for it in the worker (`PageApiServer`, `src/background/pagePorts.ts`);
 * docs/extension.md "Page APIs".
 */
export const pageApis = ['multichain', 'eip1193', 'solana'] as const
export type PageApi = (typeof pageApis)[number]

/** The API of untagged messages: `window.aperture`'s, as before there were others. */
export const defaultPageApi = 'multichain' satisfies PageApi

const isPageApi = (value: unknown): value is PageApi =>
  typeof value === 'string' && (pageApis as readonly string[]).includes(value)

/**
 * A message of another API than the Multichain API on the page stream, both ways: `{ api, data }`
 * with the JSON-RPC message in `data`. Multichain API messages travel untagged (bare JSON-RPC).
 */
export type TaggedPageMessage = { api: PageApi; data: unknown }

/** The page-stream message carrying `data` of `api` (bare for the Multichain API). */
export const toPageMessage = (api: PageApi, data: unknown): unknown =>
  api === defaultPageApi ? data : ({ api, data } satisfies TaggedPageMessage)

/**
 * The API and JSON-RPC message of a page-stream message: `{ api, data }` (no `jsonrpc` member) of a
 * known API is that API's; anything else is a Multichain API message as it is. Never throws.
 */
export function fromPageMessage(message: unknown): { api: PageApi; data: unknown } {
  if (typeof message === 'object' && message !== null && !('jsonrpc' in message)) {
    const { api, data } = message as { api?: unknown; data?: unknown }
    if (isPageApi(api) && api !== defaultPageApi) return { api, data }
  }
  return { api: defaultPageApi, data: message }
}

/**
 * The worker's connection id of one API of a page connection: the page connection's own id for the
 * Multichain API, `<connection>#<api>` for the others. Each is a connection of its own in the
 * worker (requests, request keys, notifications, subscriptions), on the same port.
 */
export const apiConnectionId = (connectionId: string, api: PageApi): string =>
  api === defaultPageApi ? connectionId : `${connectionId}#${api}`

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
  /** A page's JSON-RPC request, as the page sent it (validated by the engine); `api` absent: multichain. */
  | { type: 'request'; request: unknown; api?: PageApi }

/**
 * What the service worker sends on a content script's port. A response may carry its result as JSON
 * text (`resultJson`, a node's result passed on unparsed): the content script forwards it to the
 * page as text and the inpage provider parses it. A long text comes in pieces (`resultParts.ts`).
 */
export type BackgroundMessage = (
  | {
      type: 'response'
      response: EngineResponse
      /**
       * When pieces of the result were sent ahead as the node's answer arrived: the length of all
       * `resultPart` texts before this response. Pieces that do not add up to it were missed (the
       * port changed meanwhile): the content script asks again instead of answering the page.
       */
      partsLength?: number
    }
  /** A leading piece of the `resultJson` of the response with this id, which follows on this port. */
  | { type: 'resultPart'; id: RpcId; text: string }
  | { type: 'notification'; notification: RpcNotification }
) & {
  /** The page API the message belongs to; absent: the Multichain API. */
  api?: PageApi
}

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
