import { describe, expect, it } from 'vitest'
import { requestIdentityOf } from '../protocol/requestIdentity.ts'
import type { RpcResponse } from '../rpc/types.ts'
import type { ConfirmationRecord } from './createConfirmations.ts'
import {
  createRecentAnswers,
  isReplayedOnResend,
  isRerunnableOnResend,
  type RecentAnswer,
  type RecentAnswersStore,
  type RememberedRequest,
} from './createRecentAnswers.ts'

const invoke = (method: string) => ({
  jsonrpc: '2.0',
  id: 4,
  method: 'wallet_invokeMethod',
  params: { scope: 'eip155:31337', request: { method, params: ['newHeads'] } },
})

const subscribed: RpcResponse = { jsonrpc: '2.0', id: 4, result: `0x${'ab'.repeat(16)}` }
const revoked: RpcResponse = { jsonrpc: '2.0', id: 5, result: true }
const connection = '3f0c9a52-6d1e-4f51-9a43-0d7a4b1c2e11'
const dapp = 'https://app.uniswap.org'
/** Page request `id` of `origin` on `connection`, as `remember` takes it. */
const pageRequestOf = (
  on: string,
  id: number,
  method: string,
  params: unknown,
  origin = dapp,
): RememberedRequest => ({ ...requestIdentityOf(on, id, method, params), origin })
const subscribe = invoke('eth_subscribe')
/** Page request 4, the `eth_subscribe` answered `subscribed`. */
const key = pageRequestOf(connection, 4, subscribe.method, subscribe.params)
/** Page request 5, the `wallet_revokeSession` answered `revoked`. */
const otherKey = pageRequestOf(connection, 5, 'wallet_revokeSession', {})

/** Byte bounds no answer of these tests reaches. */
const unbounded = { maxBytes: 2 ** 30, maxAnswerBytes: 2 ** 30 }
/** Answers kept for 60 s in `store`, at most `limit`, within `bounds`. */
const answersOf = (
  store: RecentAnswersStore<RpcResponse>,
  now: () => number,
  bounds = unbounded,
  limit = 10,
) => createRecentAnswers({ store, now, keepMs: 60_000, limit, ...bounds })
/** Page request `id` of `origin`, an `eth_getFilterChanges`, and its answer of about 1,000 bytes. */
const filterChanges = (id: number, origin = dapp, on = connection) => {
  const request = invoke('eth_getFilterChanges')
  return {
    identity: pageRequestOf(on, id, request.method, request.params, origin),
    answer: { jsonrpc: '2.0', id, result: [`0x${'ab'.repeat(500)}`] } satisfies RpcResponse,
  }
}

/** A store over a Map (one item per answer) that counts its calls and logs what each write held. */
function memoryStore(): RecentAnswersStore<RpcResponse> & {
  items: Map<string, RecentAnswer<RpcResponse>>
  reads: number
  /** The request key each write held an answer for, in order. */
  written: string[]
  /** The confirmation records each write carried, by id. */
  records: string[][]
  /** The request keys each removal named. */
  removed: string[][]
} {
  const items = new Map<string, RecentAnswer<RpcResponse>>()
  const store = {
    items,
    reads: 0,
    written: [] as string[],
    records: [] as string[][],
    removed: [] as string[][],
    read: async () => {
      store.reads += 1
      return structuredClone(Object.fromEntries(items))
    },
    write: async (
      requestKey: string,
      answer: RecentAnswer<RpcResponse>,
      records: readonly ConfirmationRecord[],
    ) => {
      store.written.push(requestKey)
      store.records.push(records.map(({ id }) => id))
      items.set(requestKey, structuredClone(answer))
    },
    remove: async (requestKeys: readonly string[]) => {
      store.removed.push([...requestKeys])
      for (const key of requestKeys) items.delete(key)
    },
  }
  return store
}

/**
 * Answers kept for 60 s: `key`'s, then `otherKey`'s 60 s later, when `key`'s has just expired (it
 * is still in the store until `forgetStale`).
 */
async function keyExpiredAsOtherKept() {
  let now = 0
  const store = memoryStore()
  const answers = answersOf(store, () => now)
  await answers.remember(key, subscribed)
  now += 60_000
  await answers.remember(otherKey, revoked)
  return { store, answers }
}

describe('isReplayedOnResend', () => {
  it('replays the calls that must not run twice', () => {
    expect(isReplayedOnResend({ jsonrpc: '2.0', id: 1, method: 'wallet_createSession' })).toBe(true)
    expect(isReplayedOnResend({ jsonrpc: '2.0', id: 1, method: 'wallet_revokeSession' })).toBe(true)
    expect(isReplayedOnResend(invoke('eth_subscribe'))).toBe(true)
    expect(isReplayedOnResend(invoke('eth_unsubscribe'))).toBe(true)
  })

  it('replays a raw transaction and the filter calls that change the node', () => {
    expect(isReplayedOnResend(invoke('eth_sendRawTransaction'))).toBe(true)
    expect(isReplayedOnResend(invoke('eth_newFilter'))).toBe(true)
    expect(isReplayedOnResend(invoke('eth_newBlockFilter'))).toBe(true)
    expect(isReplayedOnResend(invoke('eth_getFilterChanges'))).toBe(true)
    expect(isReplayedOnResend(invoke('eth_uninstallFilter'))).toBe(true)
  })

  it('runs reads and malformed calls again (no storage on their path)', () => {
    expect(isReplayedOnResend(invoke('eth_getBlockByNumber'))).toBe(false)
    expect(isReplayedOnResend({ jsonrpc: '2.0', id: 1, method: 'wallet_getSession' })).toBe(false)
    expect(isReplayedOnResend({ jsonrpc: '2.0', id: 1, method: 'wallet_invokeMethod' })).toBe(false)
    expect(isReplayedOnResend({ method: 'wallet_invokeMethod', params: { request: 7 } })).toBe(
      false,
    )
    expect(isReplayedOnResend(null)).toBe(false)
    expect(isReplayedOnResend('wallet_createSession')).toBe(false)
  })
})

describe('isRerunnableOnResend', () => {
  it('runs eth_getFilterChanges again when its answer was not kept, nothing else replayed', () => {
    expect(isRerunnableOnResend(invoke('eth_getFilterChanges'))).toBe(true)
    expect(isRerunnableOnResend(invoke('eth_sendRawTransaction'))).toBe(false)
    expect(isRerunnableOnResend(invoke('eth_newFilter'))).toBe(false)
    expect(isRerunnableOnResend(invoke('personal_sign'))).toBe(false)
    expect(isRerunnableOnResend({ jsonrpc: '2.0', id: 1, method: 'eth_getFilterChanges' })).toBe(
      false,
    )
  })
})

describe('createRecentAnswers byte bounds', () => {
  it('lets the oldest rerunnable answers go past maxBytes, and never an answer that must not run twice', async () => {
    let now = 0
    const store = memoryStore()
    const answers = answersOf(store, () => now, { maxBytes: 2_600, maxAnswerBytes: 2_000 })
    await answers.remember(otherKey, revoked)
    for (const id of [6, 7, 8]) {
      now += 1_000
      const { identity, answer } = filterChanges(id)
      await answers.remember(identity, answer, { rerunnable: true })
    }
    await expect(answers.recall(filterChanges(6).identity)).resolves.toBeUndefined()
    await expect(answers.recall(filterChanges(7).identity)).resolves.toEqual(
      filterChanges(7).answer,
    )
    await expect(answers.recall(filterChanges(8).identity)).resolves.toEqual(
      filterChanges(8).answer,
    )
    await expect(answers.recall(otherKey)).resolves.toEqual(revoked)
    await answers.forgetStale()
    expect([...store.items.keys()].sort()).toEqual(
      [otherKey.requestKey, `${connection}/7`, `${connection}/8`].sort(),
    )
  })

  it('lets the rerunnable answers of the origin that holds the most go first, not an older one of another origin', async () => {
    let now = 0
    const store = memoryStore()
    const answers = answersOf(store, () => now, { maxBytes: 4_000, maxAnswerBytes: 2_000 })
    const other = filterChanges(1, 'https://app.aave.com', 'aave-tab')
    await answers.remember(other.identity, other.answer, { rerunnable: true })
    for (const id of [6, 7, 8]) {
      now += 1_000
      const { identity, answer } = filterChanges(id, 'https://drainer.example')
      await answers.remember(identity, answer, { rerunnable: true })
    }
    await expect(answers.recall(other.identity)).resolves.toEqual(other.answer)
    await expect(answers.recall(filterChanges(6).identity)).resolves.toBeUndefined()
    await answers.forgetStale()
    expect([...store.items.keys()].sort()).toEqual(
      ['aave-tab/1', `${connection}/7`, `${connection}/8`].sort(),
    )
  })

  it('does not keep a rerunnable answer larger than maxAnswerBytes: its re-send runs again', async () => {
    const store = memoryStore()
    const answers = answersOf(store, () => 0, { maxBytes: 10_000, maxAnswerBytes: 500 })
    const { identity, answer } = filterChanges(6)
    await answers.remember(identity, answer, { rerunnable: true })
    await expect(answers.recall(identity)).resolves.toBeUndefined()
    expect(store.written).toEqual([])
  })

  it('keeps a signature larger than both bounds, and lets a rerunnable answer go instead', async () => {
    const store = memoryStore()
    const answers = answersOf(store, () => 0, { maxBytes: 1_000, maxAnswerBytes: 500 })
    const sign = invoke('personal_sign')
    const signing = pageRequestOf(connection, 4, sign.method, sign.params)
    const signed: RpcResponse = { jsonrpc: '2.0', id: 4, result: `0x${'cd'.repeat(2_000)}` }
    await answers.remember(signing, signed)
    const { identity, answer } = filterChanges(6)
    await answers.remember(identity, answer, { rerunnable: true })
    await expect(answers.recall(signing)).resolves.toEqual(signed)
    await answers.forgetStale()
    expect([...store.items.keys()]).toEqual([signing.requestKey])
  })
})

describe('createRecentAnswers', () => {
  it('gives a re-sent request the answer its first copy got', async () => {
    const answers = answersOf(memoryStore(), () => 0)
    await answers.remember(key, subscribed)
    await expect(answers.recall(key)).resolves.toEqual(subscribed)
    await expect(answers.recall(otherKey)).resolves.toBeUndefined()
  })

  it('refuses -32602 another request under the key of a kept answer, and keeps the answer for its own re-send', async () => {
    const answers = answersOf(memoryStore(), () => 0)
    await answers.remember(key, subscribed)
    const swapped = requestIdentityOf(connection, 4, 'wallet_revokeSession', {})
    await expect(answers.recall(swapped)).rejects.toMatchObject({ code: -32602 })
    await expect(answers.recall(key)).resolves.toEqual(subscribed)
  })

  it('forgets an answer after keepMs, and drops it from storage at the next forgetStale', async () => {
    let now = 1_000
    const store = memoryStore()
    const answers = answersOf(store, () => now)
    await answers.remember(key, subscribed)
    now += 60_000
    await expect(answers.recall(key)).resolves.toBeUndefined()
    await answers.remember(otherKey, revoked)
    expect([...store.items.keys()]).toEqual([key.requestKey, otherKey.requestKey])
    await answers.forgetStale()
    expect([...store.items.keys()]).toEqual([otherKey.requestKey])
  })

  it('keeps at most `limit` answers of an origin, the newest', async () => {
    const store = memoryStore()
    const answers = answersOf(store, () => 0, unbounded, 2)
    for (const id of [1, 2, 3]) {
      await answers.remember(pageRequestOf('c', id, 'wallet_revokeSession', {}), {
        ...revoked,
        id,
      })
    }
    await expect(
      answers.recall(pageRequestOf('c', 1, 'wallet_revokeSession', {})),
    ).resolves.toBeUndefined()
    await answers.forgetStale()
    expect([...store.items.keys()]).toEqual(['c/2', 'c/3'])
  })

  it("never lets one origin's answers push out another origin's: `limit` counts per origin", async () => {
    let now = 0
    const store = memoryStore()
    const answers = answersOf(store, () => now, unbounded, 2)
    const send = invoke('eth_sendTransaction')
    const sent = pageRequestOf('aave-tab', 9, send.method, send.params, 'https://app.aave.com')
    const hash: RpcResponse = { jsonrpc: '2.0', id: 9, result: `0x${'5e'.repeat(32)}` }
    await answers.remember(sent, hash)
    for (const id of [1, 2, 3]) {
      now += 1_000
      const revoke = pageRequestOf('c', id, 'wallet_revokeSession', {}, 'https://drainer.example')
      await answers.remember(revoke, { ...revoked, id })
    }
    await expect(answers.recall(sent)).resolves.toEqual(hash)
    await answers.forgetStale()
    expect([...store.items.keys()].sort()).toEqual(['aave-tab/9', 'c/2', 'c/3'])
  })

  it('keeps the newest answers past `limit` after a restart, whatever order the store lists them in', async () => {
    let now = 0
    const store = memoryStore()
    const before = answersOf(store, () => now, unbounded, 2)
    const revokeOf = (id: number) => pageRequestOf('c', id, 'wallet_revokeSession', {})
    for (const id of [9, 10]) {
      now += 1_000
      await before.remember(revokeOf(id), { ...revoked, id })
    }
    // The store lists its items by key: 'c/10' (the newer) before 'c/9'.
    const listed = [...store.items].sort(([a], [b]) => (a < b ? -1 : 1))
    store.items.clear()
    for (const [requestKey, entry] of listed) store.items.set(requestKey, entry)
    const after = answersOf(store, () => now, unbounded, 2)
    now += 1_000
    await after.remember(revokeOf(11), { ...revoked, id: 11 })
    await expect(after.recall(revokeOf(10))).resolves.toEqual({ ...revoked, id: 10 })
    await expect(after.recall(revokeOf(9))).resolves.toBeUndefined()
    await after.forgetStale()
    expect([...store.items.keys()].sort()).toEqual(['c/10', 'c/11'])
  })

  it('writes only the answer it keeps, and removes nothing until forgetStale (one storage call per answer)', async () => {
    const { store, answers } = await keyExpiredAsOtherKept()
    expect(store.written).toEqual([key.requestKey, otherKey.requestKey])
    expect(store.removed).toEqual([])
    await answers.forgetStale()
    await answers.forgetStale()
    expect(store.removed).toEqual([[key.requestKey]])
  })

  it('does not remove an answer kept again under a key it had dropped', async () => {
    const { store, answers } = await keyExpiredAsOtherKept()
    await answers.remember(key, subscribed)
    await answers.forgetStale()
    await expect(answers.recall(key)).resolves.toEqual(subscribed)
    expect([...store.items.keys()].sort()).toEqual([key.requestKey, otherKey.requestKey].sort())
  })

  it('loses no answer when several are remembered at once', async () => {
    const store = memoryStore()
    const answers = answersOf(store, () => 0)
    await Promise.all([answers.remember(key, subscribed), answers.remember(otherKey, revoked)])
    await expect(answers.recall(key)).resolves.toEqual(subscribed)
    await expect(answers.recall(otherKey)).resolves.toEqual(revoked)
    expect(store.written).toEqual([key.requestKey, otherKey.requestKey])
  })

  it('reads the store once per worker and holds the answers in memory; the next worker finds them', async () => {
    const store = memoryStore()
    const answers = answersOf(store, () => 0)
    await answers.recall(otherKey)
    await answers.remember(key, subscribed)
    await answers.recall(key)
    await answers.remember(otherKey, revoked)
    expect(store.reads).toBe(1)
    const nextWorker = answersOf(store, () => 0)
    await expect(nextWorker.recall(key)).resolves.toEqual(subscribed)
    expect(store.reads).toBe(2)
  })

  it('reads the store again at the next use when a read failed, and then recalls and keeps answers', async () => {
    const store = memoryStore()
    await answersOf(store, () => 0).remember(key, subscribed)
    const { read } = store
    store.read = () => {
      store.read = read
      return Promise.reject(new Error('storage.session is not available'))
    }
    const answers = answersOf(store, () => 0)
    await expect(answers.recall(key)).rejects.toThrow('storage.session is not available')
    await expect(answers.recall(key)).resolves.toEqual(subscribed)
    await answers.remember(otherKey, revoked)
    await expect(answers.recall(otherKey)).resolves.toEqual(revoked)
    expect(store.written).toEqual([key.requestKey, otherKey.requestKey])
  })

  it("writes the request's answered confirmation records in the same write as its answer", async () => {
    const store = memoryStore()
    const answers = answersOf(store, () => 0)
    const record: ConfirmationRecord = {
      ...key,
      id: 'c0ffee',
      origin: 'https://app.example',
      chainId: 'eip155:31337',
      kind: 'personal_sign',
      view: { message: { kind: 'text', text: 'hello' } },
      createdAt: 0,
      result: { approved: true },
      answeredAt: 0,
    }
    await answers.remember(key, subscribed, { records: [record] })
    expect(store.written).toEqual([key.requestKey])
    expect(store.records).toEqual([['c0ffee']])
  })
})
