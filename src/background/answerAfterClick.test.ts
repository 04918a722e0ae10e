import { describe, expect, it, vi } from 'vitest'
import type { EngineResponse, MultichainEngine, SessionStore } from '../core/multichain/ports.ts'
import type { BackgroundMessage, ContentMessage } from '../core/protocol/connection.ts'
import { requestIdentityOf } from '../core/protocol/requestIdentity.ts'
import { localKeys, sessionKeys } from '../core/protocol/storageKeys.ts'
import { type Confirmations, createConfirmations } from '../core/wallet/createConfirmations.ts'
import { createRecentAnswers, recentAnswerBytes } from '../core/wallet/createRecentAnswers.ts'
import { createActivityLog, withActivityLog } from './activityLog.ts'
import { createConnectionRegistry } from './connections.ts'
import { createPagePortServer, type PageAnswer, type PagePort } from './pagePorts.ts'
import { createConfirmationStore, createRecentAnswersStore } from './signingStores.ts'
import { createStorage, type StorageArea } from './storage.ts'
import { createMemoryStorageArea } from './testing/memoryStorage.ts'

const extensionId = 'abcdefghijklmnopabcdefghijklmnop'
const dapp = 'https://app.example'
const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const signature = `0x${'5e'.repeat(65)}`
const personalSign = {
  jsonrpc: '2.0',
  id: 7,
  method: 'wallet_invokeMethod',
  params: {
    scope: 'eip155:31337',
    request: { method: 'personal_sign', params: ['0x68656c6c6f', account] },
  },
}

/**
 * A storage area that outlives the workers of a test and logs every call made on it in `calls`,
 * each after `prefix` (`local ` for `storage.local`, none for `storage.session`).
 */
function countingArea(calls: string[] = [], prefix = '') {
  const area = createMemoryStorageArea()
  const counted: StorageArea = {
    get: (key) => {
      calls.push(`${prefix}get ${key}`)
      return area.get(key)
    },
    set: (items) => {
      calls.push(`${prefix}set ${Object.keys(items).sort().join(' ')}`)
      return area.set(items)
    },
    remove: (key) => {
      calls.push(`${prefix}remove ${key}`)
      return area.remove(key)
    },
  }
  return { area: counted, items: area.items, calls }
}

/** `storage.session`, counted (`countingArea`). */
const countingSession = () => countingArea()

/** A content script's port: `answeredAfter` is how many storage calls were made when it got the answer. */
function pagePort(calls: readonly string[]) {
  const received: BackgroundMessage[] = []
  const listeners: Array<(message: ContentMessage) => void> = []
  const port: PagePort & {
    received: BackgroundMessage[]
    answeredAfter: string[] | undefined
    send(message: ContentMessage): void
  } = {
    sender: { id: extensionId, origin: dapp, url: `${dapp}/sign` },
    received,
    answeredAfter: undefined,
    postMessage: (message) => {
      port.answeredAfter ??= [...calls]
      received.push(message)
    },
    disconnect: () => undefined,
    onMessage: { addListener: (listener) => listeners.push(listener) },
    onDisconnect: { addListener: () => undefined },
    send: (message) => {
      for (const listener of listeners) listener(message)
    },
  }
  return port
}

/** The dapp's session, as the activity log asks for it (only its presence counts). */
const sessions = { get: async () => ({}) } as unknown as SessionStore

/**
 * One worker over `area`: the real confirmation queue, recent answers, activity log (over `local`,
 * a fresh area unless given) and page-port server; its engine asks the queue for a `personal_sign`
 * and answers `signature` once approved (`signs`).
 */
function worker(area: StorageArea, local: StorageArea = createMemoryStorageArea()) {
  const session = createStorage(area)
  const confirmations: Confirmations = createConfirmations({
    store: createConfirmationStore(session),
    windows: { open: async () => 1, focus: async () => undefined, exists: async () => true },
    warnings: () => [],
    newId: () => 'c0ffee',
    now: () => 1_000,
    claimMs: 60_000,
  })
  const engine = {
    signs: 0,
    async handleRequest(origin: string, connection: string, request: unknown) {
      const { id, params } = request as typeof personalSign
      await confirmations.confirm(
        {
          ...requestIdentityOf(connection, id, personalSign.method, params),
          origin,
          chainId: 'eip155:31337',
          kind: 'personal_sign',
        },
        async () => ({ message: { kind: 'text', text: 'hello' } }),
      )
      engine.signs += 1
      return { jsonrpc: '2.0', id, result: signature } as EngineResponse
    },
  }
  const serve = createPagePortServer({
    extensionId,
    engine: withActivityLog(engine as unknown as MultichainEngine, {
      activity: createActivityLog(createStorage(local)),
      sessions,
      now: () => 1_000,
    }),
    connections: createConnectionRegistry(),
    approvals: { expect: () => undefined, answered: async () => undefined },
    confirmations,
    answers: createRecentAnswers<PageAnswer>({
      store: createRecentAnswersStore(session),
      now: () => 1_000,
      keepMs: 60_000,
      limit: 100,
      ...recentAnswerBytes,
    }),
  })
  return { serve, confirmations, engine }
}

/** A page's `personal_sign` on `port` (connection `tab-1`), shown in the window. */
async function asked(running: ReturnType<typeof worker>, port: ReturnType<typeof pagePort>) {
  running.serve(port)
  port.send({ type: 'hello', connectionId: 'tab-1' })
  port.send({ type: 'request', request: personalSign })
  await vi.waitFor(async () => expect(await running.confirmations.pending()).toHaveLength(1))
}

/**
 * A personal_sign shown in its window and approved, the storage calls counted from the click on
 * (the session's, and the local area's as `local …`); returns once the page has its answer.
 */
async function approvedOnce() {
  const session = countingSession()
  const local = countingArea(session.calls, 'local ')
  const running = worker(session.area, local.area)
  const port = pagePort(session.calls)
  await asked(running, port)
  await running.confirmations.list()
  session.calls.length = 0

  await running.confirmations.resolve('c0ffee', true)
  await vi.waitFor(() => expect(port.received).toHaveLength(1))
  return { session, local, port }
}

describe('between the approve click and the page’s answer', () => {
  it('makes one storage call: the record’s answer and the kept page answer in one set; the release comes after', async () => {
    const { session, port } = await approvedOnce()

    expect(port.received[0]).toMatchObject({ response: { id: 7, result: signature } })
    expect(port.answeredAfter).toEqual([
      `set ${sessionKeys.confirmationPrefix}c0ffee ${sessionKeys.recentAnswerPrefix}tab-1/7`,
    ])
    await vi.waitFor(() =>
      expect(session.calls).toContain(`remove ${sessionKeys.confirmationPrefix}c0ffee`),
    )
  })

  it('records the call in the site’s activity only once the page has the answer', async () => {
    const { session, local, port } = await approvedOnce()

    expect(port.answeredAfter?.filter((call) => call.startsWith('local '))).toEqual([])
    const activityKey = `${localKeys.activityPrefix}${dapp}`
    await vi.waitFor(() => expect(session.calls).toContain(`local set ${activityKey}`))
    expect(local.items.get(activityKey)).toEqual([
      { at: 1_000, chainId: 'eip155:31337', method: 'personal_sign', errorCode: null },
    ])
  })

  it('gives a request re-sent after a worker stop right after that write the same answer, signing nothing again', async () => {
    const session = countingSession()
    const first = worker(session.area)
    const port = pagePort(session.calls)
    await asked(first, port)
    // The worker stops once the one write is made, before the release: the page never got the answer.
    const removeRecord = session.area.remove
    session.area.remove = async () => undefined
    await first.confirmations.resolve('c0ffee', true)
    await vi.waitFor(() => expect(port.received).toHaveLength(1))
    session.area.remove = removeRecord

    const restarted = worker(session.area)
    const resentOn = pagePort(session.calls)
    restarted.serve(resentOn)
    resentOn.send({ type: 'hello', connectionId: 'tab-1' })
    resentOn.send({ type: 'request', request: personalSign })
    await vi.waitFor(() => expect(resentOn.received).toHaveLength(1))

    expect(resentOn.received[0]).toMatchObject({ response: { id: 7, result: signature } })
    expect(restarted.engine.signs).toBe(0)
    expect(await restarted.confirmations.pending()).toEqual([])
  })
})
