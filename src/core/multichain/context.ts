import type { Json, RpcErrorObject } from '../rpc/types.ts'
import type { Namespace } from './namespace.ts'
import type { ConnectionId, EnginePorts, StoredSession } from './ports.ts'

/** What the handlers share: the ports, and the origins with a `wallet_createSession` awaiting the user. */
export type EngineContext = {
  ports: EnginePorts
  /** The namespaces the wallet speaks: each answers for its scopes (`Namespace`). */
  namespaces: readonly Namespace[]
  pendingApprovals: Set<string>
  /** Sessions being ended right now, so that concurrent ends (expiry timer and alarm) notify once. */
  endingSessions: Map<string, Promise<boolean>>
}

/**
 * One page call as a handler sees it; the origin comes from the browser, never from the message.
 * `session` is the origin's session as loaded (expiry applied) once per request by the engine.
 */
export type HandlerCall = {
  origin: string
  connection: ConnectionId
  /** `<connection>/<request id>` (`requestKeyOf`): a re-send of the same page request repeats it. */
  requestKey: string
  params: unknown
  session: StoredSession | undefined
  /** For a node read passed through as it is: its result's pieces, sent ahead (`AnswerOptions`). */
  onResultPiece?: (text: string) => void
}

/**
 * A handler's answer: a result (or a node's result as its JSON text), or an error object relayed as
 * is (a node's error, verbatim). Errors of the wallet's own are thrown as `RpcError`s instead.
 */
export type HandlerAnswer = { result: Json } | { resultJson: string } | { error: RpcErrorObject }

export type Handler = (context: EngineContext, call: HandlerCall) => Promise<HandlerAnswer>
