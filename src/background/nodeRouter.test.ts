import { describe, expect, it, vi } from 'vitest'
import type { SubscriptionOwner } from '../core/multichain/ports.ts'
import { sessionKeys } from '../core/protocol/storageKeys.ts'
import type { Json, NodeAnswer } from '../core/rpc/types.ts'
import type { ChainSocket, ChainSocketHandlers } from './chainSocket.ts'
import { createNodeRouter } from './nodeRouter.ts'
import { maxOriginSubscriptionsPerChain, subscriptionBytes } from './subscriptionRegistry.ts'
import { createMemoryStorage } from './testing/memoryStorage.ts'

const chainId = 'eip155:31337'
const rpcUrl = 'http://127.0.0.1:8545/v3/dev'
const wsUrl = 'ws://127.0.0.1:8545/ws/v3/dev'
const owner: SubscriptionOwner = { origin: 'https://app.example', connection: 'tab-1', chainId }
const emitter = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
/** `count` distinct contract addresses, as a wide logs filter names them. */
const addresses = (count: number): string[] =>
  Array.from({ length: count }, (_, index) => `0x${index.toString(16).padStart(40, '0')}`)
/** A log of the emitter in block `block` at index `index`, as a `logs` event carries it. */
const log = (block: number, index: number, removed = false): Json => ({
  address: emitter,
  blockNumber: `0x${block.toString(16)}`,
  logIndex: `0x${index.toString(16)}`,
  data: `0x${(block * 100 + index).toString(16).padStart(64, '0')}`,
  topics: [],
  removed,
})
const header = (number: number): Json => ({
  number: `0x${number.toString(16)}`,
  hash: `0x${number.toString(16).padStart(64, '0')}`,
})

type FakeSocket = ChainSocket & {
  handlers: ChainSocketHandlers
  sent: Array<{ method: string; params: Json[] }>
  closed: boolean
}

/**
 * A node behind fake sockets and a fake HTTP client: `eth_subscribe` answers `0xnode<n>` (or what
 * `subscribeAnswer` says), the head is `head`, blocks are headers.
 */
function createFakeNode() {
  const sockets: FakeSocket[] = []
  let subscriptions = 0
  const node = {
    sockets,
    head: 0,
    /** The chain's logs, for `eth_getLogs` (filtered by block range). */
    logs: [] as Json[],
    getLogs: [] as Json[],
    subscribeAnswer: (): Promise<NodeAnswer> => {
      subscriptions += 1
      return Promise.resolve({ result: `0xnode${subscriptions}` })
    },
    httpCalls: [] as Array<{ url: string; method: string }>,
    /** When set, HTTP calls fail as an unreachable node's do. */
    unreachable: false,
    openSocket(url: string, handlers: ChainSocketHandlers): ChainSocket {
      const socket: FakeSocket = {
        url,
        handlers,
        sent: [],
        closed: false,
        async request(method, params) {
          socket.sent.push({ method, params })
          if (method === 'eth_subscribe') return node.subscribeAnswer()
          return { result: true }
        },
        close() {
          socket.closed = true
        },
      }
      sockets.push(socket)
      return socket
    },
    createClient(url: string) {
      const answer = async (method: string, params?: unknown): Promise<NodeAnswer> => {
        node.httpCalls.push({ url, method })
        if (node.unreachable) throw new Error(`${url} is unreachable`)
        if (method === 'eth_blockNumber') return { result: `0x${node.head.toString(16)}` }
        if (method === 'eth_getLogs') {
          const [filter] = params as [{ fromBlock: string; toBlock: string }]
          node.getLogs.push(filter)
          const within = (entry: Json) => {
            const block = BigInt((entry as { blockNumber: string }).blockNumber)
            return block >= BigInt(filter.fromBlock) && block <= BigInt(filter.toBlock)
          }
          return { result: node.logs.filter(within) }
        }
        if (method === 'eth_getBlockByNumber') {
          const number = Number.parseInt((params as [string])[0], 16)
          return { result: { ...(header(number) as object), transactions: [], size: '0x1' } }
        }
        return { result: null }
      }
      return {
        request: answer,
        relay: async (
          method: string,
          _params?: unknown,
          options?: { onResultPiece?: (text: string) => void },
        ) => {
          node.httpCalls.push({ url, method })
          // As the HTTP client streams a long result: its leading piece handed on, the rest answered.
          if (options?.onResultPiece) {
            options.onResultPiece('["0x7a')
            return { resultJson: '69"]' }
          }
          return { resultJson: '"0x7a69"' }
        },
      }
    },
    /** The socket currently open (the latest one). */
    socket: (): FakeSocket => {
      const socket = sockets.at(-1)
      if (!socket) throw new Error('no socket was opened')
      return socket
    },
  }
  return node
}

function createRouter(node = createFakeNode(), storage = createMemoryStorage()) {
  const delivered: Array<{ owner: SubscriptionOwner; id: string; result: Json }> = []
  /** The chains the wallet has a network for (a test removes one from it). */
  const configured = new Set<string>([chainId])
  let next = 0
  const service = createNodeRouter({
    networks: {
      network: async (id) =>
        configured.has(id)
          ? { chainId, name: 'Local devnet', rpcUrl, wsUrl, kind: 'local', enabled: true }
          : undefined,
    },
    storage,
    createClient: (url) => node.createClient(url),
    openSocket: (url, handlers) => node.openSocket(url, handlers),
    deliver: (to, id, result) => delivered.push({ owner: to, id, result }),
    retryDelaysMs: [0],
    newSubscriptionId: () => `0xwallet${++next}`,
  })
  return { ...service, node, storage, delivered, configured }
}

describe('createNodeRouter', () => {
  it('relays node methods over HTTP to the chain endpoint, keeping the result as JSON text', async () => {
    const { router, node } = createRouter()
    expect(await router.request(chainId, 'eth_chainId', [])).toEqual({ resultJson: '"0x7a69"' })
    expect(node.httpCalls).toEqual([{ url: rpcUrl, method: 'eth_chainId' }])
    await expect(router.request('eip155:5', 'eth_chainId', [])).rejects.toThrow(
      'no network is configured for eip155:5',
    )
  })

  it("hands a node call's result pieces on to the caller that takes them", async () => {
    const { router } = createRouter()
    const pieces: string[] = []
    const answer = await router.request(chainId, 'eth_getLogs', [{}], {
      onResultPiece: (text) => pieces.push(text),
    })
    expect(pieces).toEqual(['["0x7a'])
    expect(answer).toEqual({ resultJson: '69"]' })
  })

  it('answers eth_subscribe with a wallet id and saves the subscription in storage.session', async () => {
    const { router, node, storage } = createRouter()
    expect(await router.subscribe(owner, ['newHeads'])).toEqual({ result: '0xwallet1' })
    expect(node.socket().url).toBe(wsUrl)
    expect(node.socket().sent).toEqual([{ method: 'eth_subscribe', params: ['newHeads'] }])
    expect(storage.items.get(sessionKeys.subscriptions)).toEqual({
      '0xwallet1': { owner, params: ['newHeads'] },
    })
  })

  it(`refuses -32005, asking the node nothing, a subscription past ${subscriptionBytes.maxOriginBytes} bytes of its origin's params, and subscribes another origin's`, async () => {
    const { router, node, storage } = createRouter()
    await router.subscribe(owner, ['newHeads'])
    const wideLogs = ['logs', { address: addresses(2_300) }]
    expect(await router.subscribe(owner, wideLogs)).toEqual({ result: '0xwallet2' })
    expect(await router.subscribe(owner, wideLogs)).toEqual({ result: '0xwallet3' })
    expect(await router.subscribe(owner, wideLogs)).toMatchObject({ error: { code: -32005 } })
    const other = { ...owner, origin: 'https://app.aave.com', connection: 'tab-2' }
    expect(await router.subscribe(other, wideLogs)).toEqual({ result: '0xwallet4' })
    expect(node.socket().sent.filter(({ method }) => method === 'eth_subscribe')).toHaveLength(4)
    const stored = storage.items.get(sessionKeys.subscriptions) as Record<string, unknown>
    expect(Object.keys(stored)).toEqual(['0xwallet1', '0xwallet2', '0xwallet3', '0xwallet4'])
  })

  it(`refuses -32005 a subscription past ${subscriptionBytes.maxBytes} bytes of every origin's params`, async () => {
    const { router } = createRouter()
    const wideLogs = ['logs', { address: addresses(2_300) }]
    const ownerOf = (index: number) => ({ ...owner, origin: `https://site-${index}.example` })
    for (let index = 0; index < 5; index += 1) {
      expect(await router.subscribe(ownerOf(index), wideLogs)).toHaveProperty('result')
      expect(await router.subscribe(ownerOf(index), wideLogs)).toHaveProperty('result')
    }
    expect(await router.subscribe(ownerOf(5), wideLogs)).toMatchObject({ error: { code: -32005 } })
    expect(await router.subscribe(ownerOf(5), ['newHeads'])).toHaveProperty('result')
  })

  it(`refuses -32005, asking the node nothing, a subscription past ${maxOriginSubscriptionsPerChain} of its origin on the chain's one socket, made at once, and subscribes another origin's`, async () => {
    const { router, node } = createRouter()
    const made = await Promise.all(
      Array.from({ length: maxOriginSubscriptionsPerChain + 1 }, () =>
        router.subscribe(owner, ['newHeads']),
      ),
    )
    expect(made.filter((answer) => 'result' in answer)).toHaveLength(maxOriginSubscriptionsPerChain)
    expect(made.filter((answer) => 'error' in answer)).toMatchObject([
      { error: { code: -32005, data: { limit: maxOriginSubscriptionsPerChain } } },
    ])
    expect(await router.subscribe(owner, ['newHeads'])).toMatchObject({ error: { code: -32005 } })
    const other = { ...owner, origin: 'https://app.aave.com', connection: 'tab-2' }
    expect(await router.subscribe(other, ['newHeads'])).toHaveProperty('result')
    const subscribed = node.socket().sent.filter(({ method }) => method === 'eth_subscribe')
    expect(subscribed).toHaveLength(maxOriginSubscriptionsPerChain + 1)
  })

  it('relays the node refusing a subscription, saving nothing', async () => {
    const { router, node, storage } = createRouter()
    node.subscribeAnswer = async () => ({ error: { code: -32602, message: 'invalid kind' } })
    expect(await router.subscribe(owner, ['nonsense'])).toEqual({
      error: { code: -32602, message: 'invalid kind' },
    })
    expect(storage.items.has(sessionKeys.subscriptions)).toBe(false)
  })

  it('delivers each event to its owner under the wallet id, and a newHeads block only once', async () => {
    const { router, node, delivered, storage } = createRouter()
    await router.subscribe(owner, ['newHeads'])
    node.socket().handlers.onEvent('0xnode1', header(5))
    node.socket().handlers.onEvent('0xnode1', header(5))
    node.socket().handlers.onEvent('0xnode1', header(6))
    node.socket().handlers.onEvent('0xunknown', header(7))
    await vi.waitFor(() => expect(delivered).toHaveLength(2))
    expect(delivered).toEqual([
      { owner, id: '0xwallet1', result: header(5) },
      { owner, id: '0xwallet1', result: header(6) },
    ])
    expect(storage.items.get(sessionKeys.subscriptions)).toEqual({
      '0xwallet1': { owner, params: ['newHeads'], lastBlock: '0x6' },
    })
  })

  it('a new worker restores the saved subscriptions under the same ids and backfills the blocks mined meanwhile', async () => {
    const first = createRouter()
    await first.router.subscribe(owner, ['newHeads'])
    first.node.socket().handlers.onEvent('0xnode1', header(5))
    await vi.waitFor(() => expect(first.delivered).toHaveLength(1))

    const node = createFakeNode()
    node.head = 8
    const second = createRouter(node, first.storage)
    await second.restore()
    await vi.waitFor(() => expect(second.delivered).toHaveLength(3))
    expect(node.socket().sent).toEqual([{ method: 'eth_subscribe', params: ['newHeads'] }])
    expect(
      second.delivered.map(({ id, result }) => [id, (result as { number: string }).number]),
    ).toEqual([
      ['0xwallet1', '0x6'],
      ['0xwallet1', '0x7'],
      ['0xwallet1', '0x8'],
    ])
    // Backfilled blocks come as headers, like newHeads events.
    expect(second.delivered[0]?.result).toEqual(header(6))
    expect(second.owners()).toEqual([owner])
    // The node's new id now routes to the same wallet id.
    node.socket().handlers.onEvent('0xnode1', header(9))
    await vi.waitFor(() => expect(second.delivered).toHaveLength(4))
    expect(second.delivered[3]).toEqual({ owner, id: '0xwallet1', result: header(9) })
  })

  it('starts a logs subscription at the head and delivers each log once, by block and index', async () => {
    const node = createFakeNode()
    node.head = 10
    const { router, delivered, storage } = createRouter(node)
    await router.subscribe(owner, ['logs', { address: emitter }])
    expect(storage.items.get(sessionKeys.subscriptions)).toEqual({
      '0xwallet1': { owner, params: ['logs', { address: emitter }], lastBlock: '0xa' },
    })
    for (const event of [log(10, 3), log(11, 0), log(11, 0), log(11, 1), log(11, 1, true)]) {
      node.socket().handlers.onEvent('0xnode1', event)
    }
    await vi.waitFor(() => expect(delivered).toHaveLength(3))
    expect(delivered.map(({ result }) => result)).toEqual([
      log(11, 0),
      log(11, 1),
      log(11, 1, true),
    ])
    expect(storage.items.get(sessionKeys.subscriptions)).toMatchObject({
      '0xwallet1': { lastBlock: '0xb', lastLogIndex: '0x1' },
    })
  })

  it('a new worker restores a logs subscription and delivers the logs mined meanwhile, each once', async () => {
    const firstNode = createFakeNode()
    firstNode.head = 10
    const first = createRouter(firstNode)
    await first.router.subscribe(owner, ['logs', { address: emitter }])
    first.node.socket().handlers.onEvent('0xnode1', log(11, 0))
    await vi.waitFor(() => expect(first.delivered).toHaveLength(1))

    const node = createFakeNode()
    node.head = 13
    node.logs = [log(11, 0), log(11, 1), log(12, 0), log(13, 0), log(13, 1)]
    const second = createRouter(node, first.storage)
    await second.restore()
    await vi.waitFor(() => expect(second.delivered).toHaveLength(4))
    expect(node.getLogs).toEqual([{ address: emitter, fromBlock: '0xb', toBlock: '0xd' }])
    expect(second.delivered.map(({ id, result }) => [id, result])).toEqual([
      ['0xwallet1', log(11, 1)],
      ['0xwallet1', log(12, 0)],
      ['0xwallet1', log(13, 0)],
      ['0xwallet1', log(13, 1)],
    ])
    // The new socket's events: what the backfill delivered is not delivered again.
    node.socket().handlers.onEvent('0xnode1', log(13, 1))
    node.socket().handlers.onEvent('0xnode1', log(14, 0))
    await vi.waitFor(() => expect(second.delivered).toHaveLength(5))
    expect(second.delivered[4]?.result).toEqual(log(14, 0))
  })

  it('a logs subscription that delivered nothing before the restart is filled from the head it started at', async () => {
    const firstNode = createFakeNode()
    firstNode.head = 10
    const first = createRouter(firstNode)
    await first.router.subscribe(owner, ['logs', { address: emitter }])

    const node = createFakeNode()
    node.head = 12
    node.logs = [log(10, 0), log(11, 0), log(12, 0)]
    const second = createRouter(node, first.storage)
    await second.restore()
    await vi.waitFor(() => expect(second.delivered).toHaveLength(2))
    expect(second.delivered.map(({ result }) => result)).toEqual([log(11, 0), log(12, 0)])
  })

  it('a catch-up that cannot reach the node is given up, and live events go on', async () => {
    const first = createRouter()
    await first.router.subscribe(owner, ['newHeads'])
    first.node.socket().handlers.onEvent('0xnode1', header(5))
    await vi.waitFor(() => expect(first.delivered).toHaveLength(1))

    const node = createFakeNode()
    node.unreachable = true
    const second = createRouter(node, first.storage)
    await second.restore()
    await vi.waitFor(() => expect(node.httpCalls).toHaveLength(1))
    node.socket().handlers.onEvent('0xnode1', header(9))
    await vi.waitFor(() => expect(second.delivered).toHaveLength(1))
    expect(second.delivered[0]).toEqual({ owner, id: '0xwallet1', result: header(9) })
  })

  it('retries re-subscribing until the node accepts, then delivers again', async () => {
    const first = createRouter()
    await first.router.subscribe(owner, [
      'logs',
      { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
    ])

    const node = createFakeNode()
    let refusals = 2
    node.subscribeAnswer = async () => {
      if (refusals > 0) {
        refusals -= 1
        throw new Error('WebSocket ws://127.0.0.1:8545/ws/v3/dev closed (1006)')
      }
      return { result: '0xback' }
    }
    const second = createRouter(node, first.storage)
    await second.restore()
    await vi.waitFor(() => expect(refusals).toBe(0))
    await vi.waitFor(() =>
      expect(node.socket().sent.filter(({ method }) => method === 'eth_subscribe')).toHaveLength(3),
    )
    await vi.waitFor(() => {
      node.socket().handlers.onEvent('0xback', { logIndex: '0x0' })
      expect(second.delivered).toEqual([{ owner, id: '0xwallet1', result: { logIndex: '0x0' } }])
    })
  })

  it('a dropped socket: the subscriptions move to a new socket and keep their ids', async () => {
    const { router, node, delivered } = createRouter()
    await router.subscribe(owner, ['newPendingTransactions'])
    const dropped = node.socket()
    dropped.handlers.onLost()
    await vi.waitFor(() => expect(node.sockets).toHaveLength(2))
    await vi.waitFor(() => expect(node.socket().sent).toHaveLength(1))
    node.socket().handlers.onEvent('0xnode2', '0xabc')
    await vi.waitFor(() => expect(delivered).toHaveLength(1))
    expect(delivered).toEqual([{ owner, id: '0xwallet1', result: '0xabc' }])
  })

  it("ends only the owner origin's subscriptions on its chain, and closes the socket after the last", async () => {
    const { router, node, storage } = createRouter()
    await router.subscribe(owner, ['newHeads'])
    await router.subscribe(owner, ['newPendingTransactions'])
    const stranger = { ...owner, origin: 'https://other.example' }
    expect(await router.unsubscribe(stranger, '0xwallet1')).toEqual({ result: false })
    expect(await router.unsubscribe(owner, '0xwallet1')).toEqual({ result: true })
    expect(await router.unsubscribe(owner, '0xwallet1')).toEqual({ result: false })
    expect(node.socket().sent.at(-1)).toEqual({ method: 'eth_unsubscribe', params: ['0xnode1'] })
    expect(node.socket().closed).toBe(false)
    expect(Object.keys(storage.items.get(sessionKeys.subscriptions) as object)).toEqual([
      '0xwallet2',
    ])
    await router.unsubscribe(owner, '0xwallet2')
    expect(node.socket().closed).toBe(true)
    expect(storage.items.get(sessionKeys.subscriptions)).toEqual({})
  })

  it('unsubscribeAll ends the subscriptions of one connection and leaves the others', async () => {
    const { router, owners } = createRouter()
    const otherTab = { ...owner, connection: 'tab-2' }
    await router.subscribe(owner, ['newHeads'])
    await router.subscribe(otherTab, ['newHeads'])
    await router.unsubscribeAll({ origin: owner.origin, connection: 'tab-1' })
    expect(owners()).toEqual([otherTab])
    await router.unsubscribeAll({ origin: owner.origin })
    expect(owners()).toEqual([])
  })

  it("a removed network's subscriptions end with their socket instead of being subscribed again", async () => {
    const { router, node, storage, owners, configured, reconnectMoved } = createRouter()
    await router.subscribe(owner, ['newHeads'])
    configured.delete(chainId)
    await reconnectMoved()
    expect(owners()).toEqual([])
    expect(storage.items.get(sessionKeys.subscriptions)).toEqual({})
    expect(node.socket().closed).toBe(true)
    expect(node.sockets).toHaveLength(1)
    expect(node.socket().sent.filter(({ method }) => method === 'eth_subscribe')).toHaveLength(1)
  })

  it('a new worker ends the saved subscriptions of a network removed meanwhile, retrying nothing', async () => {
    const first = createRouter()
    await first.router.subscribe(owner, ['newHeads'])

    const node = createFakeNode()
    const second = createRouter(node, first.storage)
    second.configured.delete(chainId)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await second.restore()
    expect(second.owners()).toEqual([])
    expect(second.storage.items.get(sessionKeys.subscriptions)).toEqual({})
    // Nothing is tried there again: no socket opened, no failed attempt, now or later.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(node.sockets).toHaveLength(0)
    expect(warn).not.toHaveBeenCalled()
    warn.mockRestore()
  })

  it('a chain retrying after a dropped socket stops when its network is removed', async () => {
    const { router, node, owners, configured, reconnectMoved } = createRouter()
    await router.subscribe(owner, ['newHeads'])
    node.subscribeAnswer = () => Promise.reject(new Error('the node is away'))
    node.socket().handlers.onLost()
    await vi.waitFor(() => expect(node.sockets).toHaveLength(2))
    configured.delete(chainId)
    await reconnectMoved()
    expect(owners()).toEqual([])
    expect(node.socket().closed).toBe(true)
  })
})
