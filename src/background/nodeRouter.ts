import type { ChainId } from '../core/caip/types.ts'
import type { NodeClient } from '../core/eth/createHttpNodeClient.ts'
import type { NodeCall } from '../core/eth/nodeCall.ts'
import {
  findNamespace,
  liveOnlyCatchUp,
  type SubscriptionCatchUp,
} from '../core/multichain/namespace.ts'
import type { NodeRouter, RoutedNodeAnswer, SubscriptionOwner } from '../core/multichain/ports.ts'
import type { Json } from '../core/rpc/types.ts'
import { walletNamespaces } from '../core/wallet/namespaces.ts'
import type { ChainSocket, ChainSocketHandlers } from './chainSocket.ts'
import type { NetworkRegistry } from './networks.ts'
import type { Storage } from './storage.ts'
import { createSubscriptionRegistry, type LiveSubscription } from './subscriptionRegistry.ts'

/** Waits between attempts to subscribe a chain's subscriptions again; the last one repeats. */
const defaultRetryDelaysMs = [250, 1000, 3000, 10_000]

/** What a chain's namespace knows of resuming its subscriptions; a namespace without any has none. */
const catchUpOf = (chainId: ChainId): SubscriptionCatchUp =>
  findNamespace(walletNamespaces, chainId)?.subscriptions ?? liveOnlyCatchUp

export type NodeRouterDependencies = {
  networks: Pick<NetworkRegistry, 'network'>
  /** `storage.session`: where subscriptions outlive the worker. */
  storage: Storage
  /** A JSON-RPC client of one HTTP endpoint (`createHttpNodeClient` in the worker). */
  createClient(url: string): Pick<NodeClient, 'request' | 'relay'>
  /** A JSON-RPC WebSocket to one chain's endpoint (`createChainSocket` in the worker). */
  openSocket(url: string, handlers: ChainSocketHandlers): ChainSocket
  /** Hands one subscription event to the engine (→ `wallet_notify` to its connection). */
  deliver(owner: SubscriptionOwner, subscriptionId: string, result: Json): void
  /** Overrides the waits between re-subscription attempts (tests). */
  retryDelaysMs?: readonly number[]
  /** A wallet-issued subscription id (random by default). */
  newSubscriptionId?: () => string
}

/**
 * The engine's `NodeRouter`: node methods over HTTP (one client per endpoint URL); `eth_subscribe`
 * over one WebSocket per chain, behind wallet-issued subscription ids that stay the same when the
 * worker restarts or the socket drops (the wallet re-subscribes, retrying while the node is away,
 * and delivers what was mined in between, as the chain's namespace reads it and admits each event:
 * `SubscriptionCatchUp`).
 */
export function createNodeRouter(dependencies: NodeRouterDependencies) {
  const { networks, storage, createClient, openSocket, deliver } = dependencies
  const retryDelaysMs = dependencies.retryDelaysMs ?? defaultRetryDelaysMs
  const clients = new Map<string, Pick<NodeClient, 'request' | 'relay'>>()
  const sockets = new Map<ChainId, ChainSocket>()
  const subscriptions = createSubscriptionRegistry(storage, dependencies.newSubscriptionId)

  const networkOf = async (chainId: ChainId) => {
    const network = await networks.network(chainId)
    if (!network) throw new Error(`no network is configured for ${chainId}`)
    return network
  }

  const clientFor = (url: string): Pick<NodeClient, 'request' | 'relay'> => {
    let client = clients.get(url)
    if (!client) {
      client = createClient(url)
      clients.set(url, client)
    }
    return client
  }

  /** Parsed calls to the chain's HTTP endpoint, through the same client as the page's reads. */
  const nodeCall =
    (chainId: ChainId): NodeCall =>
    async (method, params) =>
      clientFor((await networkOf(chainId)).rpcUrl).request(method, params)

  const onEvent = (chainId: ChainId, nodeId: string, result: Json): void => {
    const subscription = subscriptions.byNodeId(chainId, nodeId)
    if (!subscription) return
    subscription.queue = subscription.queue.then(() => deliverEvent(subscription, result))
  }

  /** Delivers `result` unless the subscription has ended or had it already (its cursor moves on). */
  const deliverEvent = async (subscription: LiveSubscription, result: Json): Promise<void> => {
    if (!subscriptions.has(subscription.id)) return
    const { params, cursor } = subscription
    const next = catchUpOf(subscription.owner.chainId).admit(params, cursor, result)
    if (next === undefined) return
    await subscriptions.advance(subscription, next)
    deliver(subscription.owner, subscription.id, result)
  }

  const socketFor = async (chainId: ChainId): Promise<ChainSocket> => {
    const { wsUrl } = await networkOf(chainId)
    const existing = sockets.get(chainId)
    if (existing?.url === wsUrl) return existing
    existing?.close()
    const socket = openSocket(wsUrl, {
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
    subscription.queue = subscription.queue.then(() => catchUp(subscription))
  }

  /**
   * Delivers what `subscription` missed while no socket carried it, read by its namespace over the
   * chain's HTTP endpoint, before any live event; a failure is logged and live delivery goes on.
   */
  const catchUp = async (subscription: LiveSubscription): Promise<void> => {
    const { owner, params, cursor } = subscription
    try {
      for await (const event of catchUpOf(owner.chainId).catchUp(
        nodeCall(owner.chainId),
        params,
        cursor,
      )) {
        await deliverEvent(subscription, event)
      }
    } catch (error) {
      console.warn(`Aperture: the events missed by ${subscription.id} could not be read`, error)
    }
  }

  const resubscribeChain = (chainId: ChainId, attempt = 0): void => {
    const pending = subscriptions.onChain(chainId)
    if (pending.length === 0) return
    Promise.all(pending.map(resubscribe)).catch((error: unknown) => {
      console.warn(`Aperture: re-subscribing on ${chainId} failed`, error)
      const delay = retryDelaysMs[Math.min(attempt, retryDelaysMs.length - 1)]
      setTimeout(() => resubscribeChain(chainId, attempt + 1), delay)
    })
  }

  const end = async (subscription: LiveSubscription): Promise<void> => {
    subscriptions.forget(subscription.id)
    const { chainId } = subscription.owner
    const socket = sockets.get(chainId)
    if (socket && subscription.nodeId) {
      await socket.request('eth_unsubscribe', [subscription.nodeId]).catch((error: unknown) => {
        console.warn(`Aperture: eth_unsubscribe on ${chainId} failed`, error)
      })
    }
    if (socket && subscriptions.onChain(chainId).length === 0) {
      sockets.delete(chainId)
      socket.close()
    }
  }

  /**
   * Ends the subscriptions on a chain the wallet no longer has a network for (removed, disabled, or
   * its API key cleared): its socket closes, which ends them on the node, and nothing is subscribed
   * there again. Their pages learn it from their sessions losing the chain (`dropUnavailableChains`).
   */
  const endChain = async (chainId: ChainId): Promise<void> => {
    const socket = sockets.get(chainId)
    sockets.delete(chainId)
    socket?.close()
    await Promise.all(subscriptions.onChain(chainId).map(end))
    await subscriptions.persist()
  }

  const router: NodeRouter = {
    async request(chainId, method, params, answer = {}): Promise<RoutedNodeAnswer> {
      const { rpcUrl } = await networkOf(chainId)
      // The engine only relays the result: it stays the node's JSON text up to the page, its
      // pieces sent ahead as they arrive when the caller takes them.
      return clientFor(rpcUrl).relay(method, params, { onResultPiece: answer.onResultPiece })
    },

    async subscribe(owner, params): Promise<RoutedNodeAnswer> {
      // Bounded before the node is asked: what it accepts is kept in storage.session.
      const admitted = subscriptions.admit(owner, params)
      if ('refusal' in admitted) return { error: admitted.refusal.toJSON() }
      try {
        // Where a restart later fills the gap from, read before the node subscribes.
        const cursor = await catchUpOf(owner.chainId).start(nodeCall(owner.chainId), params)
        const socket = await socketFor(owner.chainId)
        const answer = await socket.request('eth_subscribe', params)
        if (!('result' in answer) || typeof answer.result !== 'string') return answer
        // Counted as held from here: `add` holds it before it stores it.
        admitted.release()
        const subscription = await subscriptions.add(owner, params, answer.result, cursor)
        return { result: subscription.id }
      } finally {
        admitted.release()
      }
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
      await subscriptions.persist()
      return { result: true }
    },

    async unsubscribeAll(match): Promise<void> {
      const ending = subscriptions.matching(match)
      if (ending.length === 0) return
      await Promise.all(ending.map(end))
      await subscriptions.persist()
    },
  }

  return {
    router,
    /**
     * The wallet's own calls to a chain's node (filling, simulating, broadcasting a transaction):
     * parsed answers, through the same HTTP client as the page's reads.
     */
    nodeCall,
    /**
     * Loads the subscriptions of the previous worker and subscribes them again; those on a chain
     * the wallet no longer has a network for (removed while they were kept) end, as when the
     * network is removed while the worker runs, instead of being retried.
     */
    async restore(): Promise<void> {
      for (const chainId of await subscriptions.restore()) {
        if (await networks.network(chainId)) resubscribeChain(chainId)
        else await endChain(chainId)
      }
    },
    owners: subscriptions.owners,
    /**
     * Settings changed: sockets to an endpoint that moved are replaced (their subscriptions move to
     * the new one); the subscriptions of a chain whose network is gone end, with its socket.
     */
    async reconnectMoved(): Promise<void> {
      const subscribed = subscriptions.owners().map(({ chainId }) => chainId)
      for (const chainId of new Set([...sockets.keys(), ...subscribed])) {
        const network = await networks.network(chainId)
        const socket = sockets.get(chainId)
        if (!network) await endChain(chainId)
        else if (socket && network.wsUrl !== socket.url) resubscribeChain(chainId)
      }
    },
  }
}
