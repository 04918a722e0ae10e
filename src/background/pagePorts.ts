import { isObject } from '@metamask/utils'
import type { MultichainEngine } from '../core/multichain/ports.ts'
import type { ContentMessage } from '../core/protocol/connection.ts'
import { pageOrigin } from '../core/protocol/pageOrigin.ts'
import { isReplayedOnResend, type RecentAnswers } from '../core/wallet/createRecentAnswers.ts'
import type { ConnectionRegistry } from './connections.ts'
import type { WindowApprover } from './windowApprover.ts'

/** After a page's port drops, how long before its subscriptions end (it may reconnect). */
const closeGraceMs = 2_000

/**
 * The origin of a port's sender as the browser reports it (`pageOrigin`), never anything the page
 * says. Undefined for senders that are not web pages of this extension's content scripts.
 */
export function senderOrigin(sender: chrome.runtime.MessageSender | undefined): string | undefined {
  if (!sender) return undefined
  return pageOrigin({
    senderId: sender.id,
    extensionId: chrome.runtime.id,
    origin: sender.origin,
    url: sender.url,
  })
}

/** Requests being handled, across ports (`<connection>/<id>`): a re-send joins the first copy. */
const inFlight = new Set<string>()

const requestKeyOf = (connectionId: string, request: unknown): string | undefined => {
  if (!isObject(request) || !('id' in request)) return undefined
  return `${connectionId}/${JSON.stringify(request.id)}`
}

const isCreateSession = (request: unknown): boolean =>
  isObject(request) && request.method === 'wallet_createSession'

/** What the engine answers a page request with. */
export type PageAnswer = Awaited<ReturnType<MultichainEngine['handleRequest']>>

export type PagePortDependencies = {
  engine: MultichainEngine
  connections: ConnectionRegistry
  approvals: WindowApprover
  /** Answers of requests that must not run twice, for their re-sends (`isReplayedOnResend`). */
  answers: RecentAnswers<PageAnswer>
}

const logged =
  (what: string) =>
  (error: unknown): undefined => {
    console.error(`Aperture: ${what}`, error)
    return undefined
  }

/**
 * Answers one page request. A request that must not run twice (a session, a transaction, a
 * filter, a subscription) is answered from the recent answers when it was answered before (the
 * worker stopped before the page got the answer), and otherwise its answer is kept before it is
 * sent. A `wallet_createSession` is announced to the approvals first (a re-send re-attaches to its
 * approval) and its approval is released once the answer is kept.
 */
async function answerRequest(
  deps: PagePortDependencies,
  call: { origin: string; connection: string; key: string | undefined; request: unknown },
): Promise<PageAnswer> {
  const { engine, approvals, answers } = deps
  const { origin, connection, key, request } = call
  if (key === undefined || !isReplayedOnResend(request)) {
    return engine.handleRequest(origin, connection, request)
  }
  const creates = isCreateSession(request)
  const release = async (): Promise<void> => {
    if (creates) await approvals.answered(origin, key).catch(logged('releasing an approval'))
  }
  const remembered = await answers.recall(key).catch(logged('recalling an answer'))
  if (remembered !== undefined) {
    await release()
    return remembered
  }
  if (creates) approvals.expect(origin, key)
  const response = await engine.handleRequest(origin, connection, request)
  await answers.remember(key, response).catch(logged('remembering an answer'))
  await release()
  return response
}

/**
 * Serves one content-script port: registers its connection on `hello`, runs each request through
 * the engine once (a request re-sent while its first copy is still running joins it; one re-sent
 * after a restart is re-attached or replayed, see `answerRequest`) and answers on the connection's
 * current port.
 */
export function servePagePort(port: chrome.runtime.Port, deps: PagePortDependencies): void {
  const { engine, connections } = deps
  const origin = senderOrigin(port.sender)
  if (!origin) {
    port.disconnect()
    return
  }
  let connectionId: string | undefined

  port.onMessage.addListener((message: ContentMessage) => {
    if (message.type === 'hello') {
      connectionId = message.connectionId
      connections.add(connectionId, origin, port)
      return
    }
    if (message.type !== 'request' || connectionId === undefined) return
    const connection = connectionId
    const key = requestKeyOf(connection, message.request)
    if (key !== undefined && inFlight.has(key)) return
    if (key !== undefined) inFlight.add(key)
    answerRequest(deps, { origin, connection, key, request: message.request })
      .then((response) => connections.respond(connection, response))
      .catch(logged('answering a page request'))
      .finally(() => {
        if (key !== undefined) inFlight.delete(key)
      })
  })

  port.onDisconnect.addListener(() => {
    const connection = connectionId
    if (connection === undefined || !connections.remove(connection, port)) return
    setTimeout(() => {
      if (connections.has(connection)) return
      engine.connectionClosed(connection, origin).catch((error: unknown) => {
        console.error('Aperture: ending the subscriptions of a closed page failed', error)
      })
    }, closeGraceMs)
  })
}
