import type { EngineResponse } from '../multichain/ports.ts'
import type { RpcId } from '../rpc/types.ts'
import type { PageApi } from './connection.ts'

/**
 * The page port: a `MessageChannel` between the content script (isolated world) and the MAIN-world
 * script of one frame, carrying the long result texts that come in pieces (`resultParts.ts`) to the
 * page as they arrive, instead of joining them in the content script and posting the whole text on
 * the page stream (where every window `message` listener of both worlds deserializes it, and any
 * script of the page can read it). Requests, short answers and notifications stay on the page
 * stream (DESIGN §3).
 *
 * Handover, before any script of the page runs: the content script's document_start script
 * (`src/content/documentStart.ts`, built standalone so that it runs synchronously) creates the
 * channel and dispatches `pagePortEvent` on `window`, a cancelable `MessageEvent` whose `ports[0]` is
 * the page's end; the MAIN-world script takes it (`preventDefault`, so the offer knows it was taken)
 * and stops listening. Either script may run first: the MAIN-world script asks with
 * `pagePortRequestEvent` when it starts, and the content script answers once, only while its offer
 * was not taken. Nothing is offered after it was taken, and the MAIN-world script takes one port
 * only: a page script that runs later can neither get the port nor hand the MAIN world its own.
 * Sender: `src/content/offerPagePort.ts`; receiver: `src/inpage/receivePagePort.ts`.
 */

/** Content script → MAIN world: a cancelable `MessageEvent` whose `ports[0]` is the page's end. */
export const pagePortEvent = 'aperture:page-port'
/** MAIN world → content script: offer the port (the MAIN-world script started second). */
export const pagePortRequestEvent = 'aperture:page-port-request'

/**
 * Where the document_start script leaves the content script's end once the page took the other:
 * a property of the isolated world's global object, which no page script can reach, read by the
 * content script's bridge when it starts (`src/content/index.ts`, loaded later as a module).
 */
export const contentPagePortKey = 'aperturePagePort'

/** What the content script sends on the page port, tagged with the page API (absent: multichain). */
export type PagePortMessage =
  /** A leading piece of the `resultJson` of the response with this id, which follows on this port. */
  (
    | { type: 'resultPart'; id: RpcId; text: string }
    /** Forget the pieces of this id: they will come again (the worker's port changed meanwhile). */
    | { type: 'resultDropped'; id: RpcId }
    /** The response whose pieces came before it on this port; its `resultJson` is the last piece. */
    | { type: 'response'; response: EngineResponse }
  ) & { api?: PageApi }
