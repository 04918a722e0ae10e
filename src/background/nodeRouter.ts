import { isObject } from '@metamask/utils'
import type { ChainId } from '../core/caip/types.ts'
import { createHttpNodeClient, type NodeClient } from '../core/eth/createHttpNodeClient.ts'
import type { NodeRouter, RoutedNodeAnswer, SubscriptionOwner } from '../core/multichain/ports.ts'
import { sessionKeys } from '../core/protocol/storageKeys.ts'
import type { Json } from '../core/rpc/types.ts'
import { type ChainSocket, createChainSocket } from './chainSocket.ts'
import type { NetworkRegistry } from './networks.ts'
import type { Storage } from './storage.ts'

/** A subscription as persisted in `storage.session`, under its wallet-issued id. */
export type StoredSubscription = {
  owner: SubscriptionOwner
  params: Json[]
  /** `newHeads` only: the number (hex) of the last block delivered, to fill a gap after a restart. */
  lastBlock?: string
}

type LiveSubscription = StoredSubscription & {
  id: string
  /** The node's id on the current socket; undefined while (re)subscribing. */
  nodeId?: string
  /** Events are delivered in order through this chain of promises (backfill first). */
  queue: Promise<void>
}

/** Blocks fetched at most to fill a `newHeads` gap after a restart. */
const maxBackfill = 128

const randomId = (): string =>
  `0x${Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`

const headNumberOf = (result: Json): bigint | undefined => {
  if (!isObject(result)) return undefined
  const number = result.number
  return typeof number === 'string' ? BigInt(number) : undefined
}

/** A block from `eth_getBlockByNumber` in the shape of a `newHeads` event (the header only). */
const toHeader = (block: Record<string, Json>): Json => {
  const { transactions, uncles, size, totalDifficulty, withdrawals, ...header } = block
  return header
}

export type NodeRouterDependencies = {
  networks: NetworkRegistry
  storage: Storage
  /** Hands one subscription event to the engine (→ `wallet_notify` to its connection). */
  deliver(owner: SubscriptionOwner, subscriptionId: string, result: Json): void
}

/**
 * The engine's `NodeRouter`: node methods over HTTP (one client per endpoint URL); `eth_subscribe`
 * over one WebSocket per chain, behind wallet-issued subscription ids that stay the same when the
 * worker restarts or the socket drops (the wallet re-subscribes and, for `newHeads`, delivers the
 * blocks mined in between).
 */
export function createNodeRouter({ networks, storage, deliver }: NodeRouterDependencies) {
  const clients = new Map<string, NodeClient>()
  const sockets = new Map<ChainId, ChainSocket>()
  const subscriptions = new Map<string, LiveSubscription>()

  const networkOf = async (chainId: ChainId) => {
    const network = await networks.network(chainId)
    if (!network) throw new Error(`no network is configured for ${chainId}`)
    return network
  }

  const clientFor = (url: string): NodeClient => {
    let client = clients.get(url)
    if (!client) {
      client = createHttpNodeClient({ url })
      clients.set(url, client)
    }
    return client
  }

  const persist = async (): Promise<void> => {
    const stored: Record<string, StoredSubscription> = {}
    for (const { id, owner, params, lastBlock } of subscriptions.values()) {
      stored[id] = lastBlock === undefined ? { owner, params } : { owner, params, lastBlock }
    }
    await storage.write(sessionKeys.subscriptions, stored)
  }

  const onEvent = (chainId: ChainId, nodeId: string, result: Json): void => {
    for (const subscription of subscriptions.values()) {
      if (subscription.owner.chainId === chainId && subscription.nodeId === nodeId) {
        subscription.queue = subscription.queue.then(() => deliverEvent(subscription, result))
        return
      }
    }
  }

  const deliverEvent = async (subscription: LiveSubscription, result: Json): Promise<void> => {
    if (!subscriptions.has(subscription.id)) return
    if (subscription.params[0] === 'newHeads') {
      const number = headNumberOf(result)
      if (number !== undefined) {
        if (subscription.lastBlock !== undefined && number <= BigInt(subscription.lastBlock)) return
        subscription.lastBlock = `0x${number.toString(16)}`
        await persist()
      }
    }
    deliver(subscription.owner, subscription.id, result)
  }

  const socketFor = async (chainId: ChainId): Promise<ChainSocket> => {
    const { wsUrl } = await networkOf(chainId)
    const existing = sockets.get(chainId)
    if (existing?.url === wsUrl) return existing
    existing?.close()
    const socket = createChainSocket(wsUrl, {
      onEvent: (nodeId, result) => onEvent(chainId, nodeId, result),
      onLost: () => {
        sockets.delete(chainId)
        resubscribeChain(chainId)
      },
    })
    sockets.set(chainId, socket)
    return socket
  }

  /** Subscribes `subscription` on the node again (after a restart or a dropped socket). */
  const resubscribe = async (subscription: LiveSubscription): Promise<void> => {
    subscription.nodeId = undefined
    const socket = await socketFor(subscription.owner.chainId)
    const answer = await socket.request('eth_subscribe', subscription.params)
    if (!('result' in answer) || typeof answer.result !== 'string') {
      throw new Error(`re-subscribing ${subscription.id} failed: ${JSON.stringify(answer)}`)
    }
    subscription.nodeId = answer.result
    if (subscription.params[0] === 'newHeads' && subscription.lastBlock !== undefined) {
      subscription.queue = subscription.queue.then(() => backfillHeads(subscription))
    }
  }

  const backfillHeads = async (subscription: LiveSubscription): Promise<void> => {
    const { rpcUrl } = await networkOf(subscription.owner.chainId)
    const client = clientFor(rpcUrl)
    const head = await client.request('eth_blockNumber')
    if (!('result' in head) || typeof head.result !== 'string' || !subscription.lastBlock) return
    const last = BigInt(subscription.lastBlock)
    const first =
      BigInt(head.result) - last > maxBackfill
        ? BigInt(head.result) - BigInt(maxBackfill)
        : last + 1n
    for (let number = first; number <= BigInt(head.result); number += 1n) {
      const block = await client.request('eth_getBlockByNumber', [
        `0x${number.toString(16)}`,
        false,
      ])
      if ('result' in block && isObject(block.result)) {
        await deliverEvent(subscription, toHeader(block.result))
      }
    }
  }

  const retryDelays = [250, 1000, 3000, 10_000]

  const resubscribeChain = (chainId: ChainId, attempt = 0): void => {
    const pending = [...subscriptions.values()].filter((s) => s.owner.chainId === chainId)
    if (pending.length === 0) return
    Promise.all(pending.map(resubscribe)).catch((error: unknown) => {
      console.warn(`Aperture: re-subscribing on ${chainId} failed`, error)
      const delay = retryDelays[Math.min(attempt, retryDelays.length - 1)]
      setTimeout(() => resubscribeChain(chainId, attempt + 1), delay)
    })
  }

  const end = async (subscription: LiveSubscription): Promise<void> => {
    subscriptions.delete(subscription.id)
    const socket = sockets.get(subscription.owner.chainId)
    if (socket && subscription.nodeId) {
      await socket.request('eth_unsubscribe', [subscription.nodeId]).catch((error: unknown) => {
        console.warn(`Aperture: eth_unsubscribe on ${subscription.owner.chainId} failed`, error)
      })
    }
    if (
      socket &&
      ![...subscriptions.values()].some((s) => s.owner.chainId === subscription.owner.chainId)
    ) {
      sockets.delete(subscription.owner.chainId)
      socket.close()
    }
  }

  const router: NodeRouter = {
    async request(chainId, method, params): Promise<RoutedNodeAnswer> {
      const { rpcUrl } = await networkOf(chainId)
      // The engine only relays the result: it stays the node's JSON text up to the page.
      return clientFor(rpcUrl).relay(method, params)
    },

    async subscribe(owner, params): Promise<RoutedNodeAnswer> {
      const socket = await socketFor(owner.chainId)
      const answer = await socket.request('eth_subscribe', params)
      if (!('result' in answer) || typeof answer.result !== 'string') return answer
      const subscription: LiveSubscription = {
        id: randomId(),
        owner,
        params,
        nodeId: answer.result,
        queue: Promise.resolve(),
      }
      subscriptions.set(subscription.id, subscription)
      await persist()
      return { result: subscription.id }
    },

    async unsubscribe(owner, subscriptionId): Promise<RoutedNodeAnswer> {
      const subscription = subscriptions.get(subscriptionId)
      if (
        !subscription ||
        subscription.owner.origin !== owner.origin ||
        subscription.owner.chainId !== owner.chainId
      ) {
        return { result: false }
      }
      await end(subscription)
      await persist()
      return { result: true }
    },

    async unsubscribeAll(match): Promise<void> {
      const ending = [...subscriptions.values()].filter(
        ({ owner }) =>
          owner.origin === match.origin &&
          (match.connection === undefined || owner.connection === match.connection) &&
          (match.chainId === undefined || owner.chainId === match.chainId),
      )
      if (ending.length === 0) return
      await Promise.all(ending.map(end))
      await persist()
    },
  }

  return {
    router,
    /** Loads the subscriptions of the previous worker and subscribes them again. */
    async restore(): Promise<void> {
      const stored =
        (await storage.read<Record<string, StoredSubscription>>(sessionKeys.subscriptions)) ?? {}
      const chains = new Set<ChainId>()
      for (const [id, record] of Object.entries(stored)) {
        subscriptions.set(id, { ...record, id, queue: Promise.resolve() })
        chains.add(record.owner.chainId)
      }
      for (const chainId of chains) resubscribeChain(chainId)
    },
    /** The connections that own subscriptions (to end those whose page never came back). */
    owners: (): SubscriptionOwner[] => [...subscriptions.values()].map(({ owner }) => owner),
    /** Settings changed: sockets to an endpoint that moved are replaced on next use. */
    async reconnectMoved(): Promise<void> {
      for (const [chainId, socket] of sockets) {
        const network = await networks.network(chainId)
        if (network?.wsUrl !== socket.url) resubscribeChain(chainId)
      }
    },
  }
}

export type NodeRouterService = ReturnType<typeof createNodeRouter>
