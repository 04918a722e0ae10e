import { isObject } from '@metamask/utils'
import type { MultichainEngine, PageRequestOptions } from '../core/multichain/ports.ts'
import {
  apiConnectionId,
  type BackgroundMessage,
  defaultPageApi,
  type PageApi,
  pageApis,
  type WorkerPort,
} from '../core/protocol/connection.ts'
import { pageOrigin } from '../core/protocol/pageOrigin.ts'
import {
  matchResend,
  type RequestIdentity,
  requestIdentityOf,
} from '../core/protocol/requestIdentity.ts'
import { isResentRequestDiffers, RpcError, resentRequestDiffers } from '../core/rpc/errors.ts'
import { isUsableId } from '../core/rpc/parseRequest.ts'
import { failure } from '../core/rpc/response.ts'
import type { RpcId } from '../core/rpc/types.ts'
import type { Confirmations } from '../core/wallet/createConfirmations.ts'
import {
  isReplayedOnResend,
  isRerunnableOnResend,
  type RecentAnswers,
} from '../core/wallet/createRecentAnswers.ts'
import { walletConfirmedMethods } from '../core/wallet/namespaces.ts'
import type { ConnectionOutlet, ConnectionRegistry } from './connections.ts'
import type { WindowApprover } from './windowApprover.ts'

/** After a page's port drops, how long before its subscriptions end (it may reconnect). */
const closeGraceMs = 2_000

/** What the browser says about who opened a port (`chrome.runtime.MessageSender`). */
export type PortSender = { id?: string; origin?: string; url?: string; documentId?: string }

/** A page connection's port as the worker gets it (`chrome.runtime.Port` fits). */
export type PagePort = WorkerPort & { sender?: PortSender }

/**
 * The identity of a page request with an id (`requestIdentityOf`): its key and its digest. A request
 * whose id the envelope refuses (`isUsableId`: too long, not an id) has none: it is answered `-32600`
 * like a read, and its id names nothing kept (a page's id is a storage key's end).
 */
const pageRequestIdentity = (
  connectionId: string,
  request: unknown,
): RequestIdentity | undefined => {
  if (!isObject(request) || !('id' in request) || !isUsableId(request.id)) return undefined
  const method = typeof request.method === 'string' ? request.method : ''
  return requestIdentityOf(connectionId, request.id, method, request.params)
}

/** The id a page request's response will carry (the pieces sent ahead of it carry it too). */
const requestIdOf = (request: unknown): RpcId | undefined =>
  isObject(request) && (typeof request.id === 'string' || typeof request.id === 'number')
    ? request.id
    : undefined

const isCreateSession = (request: unknown): boolean =>
  isObject(request) && request.method === 'wallet_createSession'

/** A `wallet_invokeMethod` the user confirms in the confirmation window (signing, sending). */
const isConfirmedInvocation = (request: unknown): boolean => {
  if (!isObject(request) || request.method !== 'wallet_invokeMethod') return false
  const { params } = request
  if (!isObject(params) || !isObject(params.request)) return false
  const { method } = params.request
  return typeof method === 'string' && walletConfirmedMethods.has(method)
}

/** What the engine answers a page request with. */
export type PageAnswer = Awaited<ReturnType<MultichainEngine['handleRequest']>>

/** How a page request is treated when it is re-sent after a worker restart (DESIGN §6). */
export type ResendRules = {
  /** Its answer is kept before it is sent, and a re-send gets it again (it must not run twice). */
  replayed: boolean
  /** It may open the approval window (`wallet_createSession` and its kin): announced to it first. */
  approval: boolean
  /** It may open a confirmation: released once its answer is kept. */
  confirmation: boolean
  /**
   * A replayed read a re-send may run again (`isRerunnableOnResend`): its answer is kept within the
   * byte bounds of the kept answers only. Absent: always kept.
   */
  rerunnable?: boolean
}

/**
 * The worker's side of one page API other than the Multichain API (`pageApis`): answers its
 * requests (never throws) and says how each is treated on a re-send. Its requests come on
 * `<connection>#<api>` connections (`apiConnectionId`), its notifications go to that API's
 * connections only (`ConnectionRegistry.notifierFor`).
 */
export type PageApiServer = {
  handleRequest(
    origin: string,
    connection: string,
    request: unknown,
    options?: PageRequestOptions,
  ): Promise<PageAnswer>
  resendRules(request: unknown): ResendRules
}

/** The Multichain API's rules: sessions, revokes, non-idempotent and confirmed invocations. */
const multichainResendRules = (request: unknown): ResendRules => ({
  replayed: isReplayedOnResend(request),
  rerunnable: isRerunnableOnResend(request),
  approval: isCreateSession(request),
  confirmation: isConfirmedInvocation(request),
})

/** What serving a page connection's requests takes, whatever kind of port it came on. */
export type ConnectionServerDependencies = {
  engine: MultichainEngine
  connections: ConnectionRegistry
  approvals: Pick<WindowApprover, 'expect' | 'answered'>
  confirmations: Pick<Confirmations, 'release' | 'keepWithAnswer' | 'answeredUnwritten'>
  /** Answers of requests that must not run twice, for their re-sends (`isReplayedOnResend`). */
  answers: RecentAnswers<PageAnswer>
  /** The servers of the page APIs other than the Multichain API (content-script ports only). */
  apis?: Partial<Record<Exclude<PageApi, 'multichain'>, PageApiServer>>
  /** Overrides how long a dropped port's connection may take to come back (tests). */
  closeGraceMs?: number
}

export type PagePortDependencies = ConnectionServerDependencies & {
  /** This extension's id (`chrome.runtime.id`): only its own content scripts may connect. */
  extensionId: string
}

const logged =
  (what: string) =>
  (error: unknown): undefined => {
    console.error(`Aperture: ${what}`, error)
    return undefined
  }

/** A page request's answer, and what is done once it is sent (never before: nothing delays it). */
type AnsweredRequest = { response: PageAnswer; afterSent?: () => Promise<void> }

/** An answer with nothing to do after it is sent (a read's). */
const sentOnly = (response: PageAnswer): AnsweredRequest => ({ response })

/**
 * Answers one page request. A request that must not run twice (a session, a transaction, a
 * filter, a subscription) is answered from the recent answers when it was answered before (the
 * worker stopped before the page got the answer), and otherwise its answer is kept before it is
 * sent — with the answer of its confirmation, in one write, the only storage call between the
 * user's click and the answer; another request under the key of a kept answer is refused `-32602`.
 * A `wallet_createSession` is announced to the approvals first (a re-send re-attaches to its
 * approval) and its approval is released once the answer is sent; so is the confirmation of a
 * signing request, and so are the kept answers the new one displaced (`forgetStale`). `options` go to the request's handler: a read's pieces sent ahead of its answer,
 * and `afterAnswer` for either kind.
 */
async function answerRequest(
  deps: ConnectionServerDependencies,
  server: PageApiServer,
  call: {
    origin: string
    connection: string
    identity: RequestIdentity | undefined
    request: unknown
  },
  options: PageRequestOptions,
): Promise<AnsweredRequest> {
  const { approvals, confirmations, answers } = deps
  const { origin, connection, identity, request } = call
  const rules = server.resendRules(request)
  if (identity === undefined || !rules.replayed) {
    // Runs again when re-sent (a read): its result's pieces may go ahead of the answer. Not
    // awaited here: a read waiting its turn keeps no frame of this function (10,000 may wait).
    return server.handleRequest(origin, connection, request, options).then(sentOnly)
  }
  const creates = rules.approval
  const confirms = rules.confirmation
  const afterSent = async (): Promise<void> => {
    if (creates) await approvals.answered(origin, identity).catch(logged('releasing an approval'))
    if (confirms) {
      await confirmations.release(origin, identity).catch(logged('releasing a confirmation'))
    }
    await answers.forgetStale().catch(logged('forgetting stale answers'))
  }
  let remembered: PageAnswer | undefined
  try {
    remembered = await answers.recall(identity)
  } catch (error) {
    // Another request under the key of a kept answer: refused, and nothing else changes.
    if (error instanceof RpcError) return { response: failure(requestIdOf(request) ?? null, error) }
    logged('recalling an answer')(error)
  }
  if (remembered !== undefined) return { response: remembered, afterSent }
  if (creates) approvals.expect(origin, identity)
  if (confirms) confirmations.keepWithAnswer(identity)
  const response = await server.handleRequest(origin, connection, request, {
    afterAnswer: options.afterAnswer,
  })
  const answered = confirms ? await confirmations.answeredUnwritten(origin, identity) : []
  // A refused re-send (another request under a key the wallet holds) leaves the key's answer be.
  const refused = 'error' in response && isResentRequestDiffers(response.error)
  if (!refused) {
    await answers
      .remember({ ...identity, origin }, response, {
        records: answered,
        rerunnable: rules.rerunnable,
      })
      .catch(logged('remembering an answer'))
  }
  return { response, afterSent }
}

/** Runs a page connection's requests and ends it, whatever kind of port it came on. */
export type ConnectionServer = {
  /**
   * Runs one request through the engine once — a request re-sent while its first copy is still
   * running joins it; one re-sent after a restart is re-attached or replayed (`answerRequest`) —
   * and answers it on the connection's current port.
   */
  request(call: { origin: string; connection: string; request: unknown; api?: PageApi }): void
  /**
   * The connection's port `port` dropped: forgets it, and ends the connection's subscriptions
   * unless the page reconnects within the grace (a worker stop drops every port; pages come back).
   */
  closed(call: { origin: string; connection: string; port: ConnectionOutlet }): void
}

/**
 * The request and close handling shared by content-script ports and external ports. With
 * `sendsResultsAhead` (content-script ports), a node's result passed through to the page goes in
 * pieces as it arrives from the node, ahead of the response (`AnswerOptions`); an external port's
 * outlet sends a response whole anyway.
 */
export function createConnectionServer(
  deps: ConnectionServerDependencies,
  { sendsResultsAhead = false }: { sendsResultsAhead?: boolean } = {},
): ConnectionServer {
  const { engine, connections } = deps
  const multichain: PageApiServer = {
    handleRequest: (origin, connection, request, options) =>
      engine.handleRequest(origin, connection, request, options),
    resendRules: multichainResendRules,
  }
  /**
   * Requests being handled, across ports, by key (`<connection>/<id>`) with their digest: a re-send
   * joins the first copy; another request under the key is refused `-32602`.
   */
  const inFlight = new Map<string, RequestIdentity>()
  return {
    request({ origin, connection, request, api = defaultPageApi }) {
      const server = api === defaultPageApi ? multichain : deps.apis?.[api]
      if (server === undefined) return
      const identity = pageRequestIdentity(connection, request)
      const id = requestIdOf(request)
      const running = identity && inFlight.get(identity.requestKey)
      if (identity && running) {
        if (matchResend(identity, running) === 'refused') {
          connections.respond(connection, failure(id ?? null, resentRequestDiffers()))
        }
        return
      }
      if (identity) inFlight.set(identity.requestKey, identity)
      let sentAhead = 0
      // Work that waits for the answer (`afterAnswer`): run once it is sent, or once it failed.
      const waiting: Array<() => void> = []
      const runWaiting = (): void => {
        for (const task of waiting.splice(0)) task()
      }
      const options: PageRequestOptions = {
        afterAnswer: (task) => waiting.push(task),
        ...(sendsResultsAhead && id !== undefined
          ? {
              onResultPiece: (text: string) => {
                sentAhead += text.length
                connections.respondPart(connection, id, text)
              },
            }
          : {}),
      }
      answerRequest(deps, server, { origin, connection, identity, request }, options)
        .then(async ({ response, afterSent }) => {
          connections.respond(connection, response, sentAhead)
          runWaiting()
          await afterSent?.()
        })
        .catch(logged('answering a page request'))
        .finally(() => {
          runWaiting()
          if (identity) inFlight.delete(identity.requestKey)
        })
    },
    closed({ origin, connection, port }) {
      if (!connections.remove(connection, port)) return
      setTimeout(() => {
        if (connections.has(connection)) return
        engine.connectionClosed(connection, origin).catch((error: unknown) => {
          console.error('Aperture: ending the subscriptions of a closed page failed', error)
        })
      }, deps.closeGraceMs ?? closeGraceMs)
    },
  }
}

/**
 * Serves content-script ports, each: registers its connection on `hello` and serves its requests
 * (`createConnectionServer`). Returns the function the worker's `runtime.onConnect` listener hands
 * each port to.
 */
export function createPagePortServer(deps: PagePortDependencies): (port: PagePort) => void {
  const serve = createConnectionServer(deps, { sendsResultsAhead: true })

  return function servePagePort(port: PagePort): void {
    // The origin as the browser reports it (`pageOrigin`), never anything the page says.
    const origin =
      port.sender &&
      pageOrigin({
        senderId: port.sender.id,
        extensionId: deps.extensionId,
        origin: port.sender.origin,
        url: port.sender.url,
      })
    if (!origin) {
      port.disconnect()
      return
    }
    let connectionId: string | undefined
    /** The port as each page API's connection sees it: its messages tagged with the API. */
    const outlets = new Map<PageApi, ConnectionOutlet>(
      pageApis.map((api) => [
        api,
        api === defaultPageApi
          ? port
          : { postMessage: (message: BackgroundMessage) => port.postMessage({ ...message, api }) },
      ]),
    )

    port.onMessage.addListener((message) => {
      if (message.type === 'hello') {
        connectionId = message.connectionId
        for (const [api, outlet] of outlets) {
          deps.connections.add(apiConnectionId(message.connectionId, api), origin, outlet, api)
        }
        return
      }
      if (message.type !== 'request' || connectionId === undefined) return
      const api = message.api ?? defaultPageApi
      if (!outlets.has(api)) return
      const connection = apiConnectionId(connectionId, api)
      serve.request({ origin, connection, request: message.request, api })
    })

    port.onDisconnect.addListener(() => {
      if (connectionId === undefined) return
      for (const [api, outlet] of outlets) {
        serve.closed({ origin, connection: apiConnectionId(connectionId, api), port: outlet })
      }
    })
  }
}
