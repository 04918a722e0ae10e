import type { ChainId } from '../core/caip/types.ts'
import type { SubscriptionCursor } from '../core/multichain/namespace.ts'
import type { ConnectionId, SubscriptionOwner } from '../core/multichain/ports.ts'
import { sessionKeys } from '../core/protocol/storageKeys.ts'
import {
  type RpcError,
  subscriptionsTooLarge,
  tooManyOriginSubscriptions,
} from '../core/rpc/errors.ts'
import { jsonBytes } from '../core/rpc/jsonBytes.ts'
import type { Json } from '../core/rpc/types.ts'
import type { Storage } from './storage.ts'

/**
 * A subscription as persisted in `storage.session`, under its wallet-issued id: its owner and
 * params, and beside them the fields of its cursor (`SubscriptionCursor`, the namespace's own:
 * `eip155`'s `lastBlock`, `lastLogIndex`), where a gap after a restart starts.
 */
export type StoredSubscription = {
  owner: SubscriptionOwner
  params: Json[]
  [cursorField: string]: unknown
}

/** A subscription of this worker: where its events got to, and how it stands on the chain's socket. */
export type LiveSubscription = {
  id: string
  owner: SubscriptionOwner
  params: Json[]
  cursor: SubscriptionCursor
  /** The node's id on the current socket; undefined while (re)subscribing. */
  nodeId?: string
  /** Events are delivered in order through this chain of promises (the catch-up first). */
  queue: Promise<void>
}

/** Which subscriptions to end: all of an origin's, or only one connection's and/or one chain's. */
export type SubscriptionMatch = { origin: string; connection?: ConnectionId; chainId?: ChainId }

/**
 * The most the stored subscriptions take, in bytes of their owner and params as JSON text (UTF-8):
 * `storage.session` is shared with the vault's key, the confirmations and the kept answers, and a
 * node takes a logs filter of thousands of addresses and topics (the endpoint: 5,000, about 330 KB)
 * on each of a thousand subscriptions. A dapp's subscription is a few hundred bytes.
 */
export const subscriptionBytes = { maxOriginBytes: 256 * 1024, maxBytes: 2 ** 20 }
/**
 * The most subscriptions one origin keeps on one chain. Every origin's subscriptions of a chain
 * ride the wallet's one socket to it, which the endpoint caps (1,000 subscriptions a socket, its
 * `maxSubscriptionsPerSocket`): one origin takes at most a tenth, so it cannot exhaust the socket
 * for the other sites. A dapp keeps a few (`newHeads`, a logs filter per contract it watches).
 */
export const maxOriginSubscriptionsPerChain = 100

/** The bytes a subscription of `owner` with `params` takes in storage. */
const bytesOf = (owner: SubscriptionOwner, params: Json[]): number => jsonBytes({ owner, params })

/** A wallet-issued subscription id: 16 random bytes in hex, like a node's. */
const randomId = (): string =>
  `0x${Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`

/** A stored cursor's fields: its strings, beside the owner and params. */
const cursorOf = (fields: Record<string, unknown>): SubscriptionCursor =>
  Object.fromEntries(
    Object.entries(fields).filter(
      (field): field is [string, string] => typeof field[1] === 'string',
    ),
  )

/**
 * The wallet's subscriptions, under the ids pages know them by, kept in `storage.session` so that a
 * restarted worker finds them again (`restore`). Each write stores the whole set: a few entries per
 * page at most. Each keeps its cursor (the namespace's `SubscriptionCursor`, moved on by `advance`),
 * so nothing is delivered twice and a restart knows where the gap starts.
 */
export function createSubscriptionRegistry(storage: Storage, newId: () => string = randomId) {
  const subscriptions = new Map<string, LiveSubscription>()

  const persist = async (): Promise<void> => {
    const stored: Record<string, StoredSubscription> = {}
    for (const { id, owner, params, cursor } of subscriptions.values()) {
      stored[id] = { ...cursor, owner, params }
    }
    await storage.write(sessionKeys.subscriptions, stored)
  }

  const all = (): LiveSubscription[] => [...subscriptions.values()]
  /** Subscriptions being made (admitted, not yet added): their owner and bytes. */
  const opening = new Set<{ owner: SubscriptionOwner; bytes: number }>()
  /** Each held subscription's bytes, measured once (its owner and params never change). */
  const sizes = new WeakMap<LiveSubscription, number>()
  const sizeOf = (subscription: LiveSubscription): number => {
    const size = sizes.get(subscription) ?? bytesOf(subscription.owner, subscription.params)
    sizes.set(subscription, size)
    return size
  }
  /** The held and opening subscriptions of `origin` (of every origin when undefined), by bytes. */
  const heldBytes = (origin?: string): number => {
    let total = 0
    for (const subscription of subscriptions.values()) {
      if (origin === undefined || subscription.owner.origin === origin)
        total += sizeOf(subscription)
    }
    for (const { owner, bytes } of opening) {
      if (origin === undefined || owner.origin === origin) total += bytes
    }
    return total
  }
  /** How many subscriptions `origin` holds and opens on `chainId`. */
  const heldOn = ({ origin, chainId }: SubscriptionOwner): number => {
    const same = (owner: SubscriptionOwner) => owner.origin === origin && owner.chainId === chainId
    let count = 0
    for (const { owner } of subscriptions.values()) if (same(owner)) count += 1
    for (const { owner } of opening) if (same(owner)) count += 1
    return count
  }

  return {
    persist,
    /**
     * Admits a subscription of `owner` with `params` before the node is asked: the refusal
     * (`-32005`) when the origin has `maxOriginSubscriptionsPerChain` on the chain already, or it
     * would take the origin's subscriptions past `maxOriginBytes` or all past `maxBytes`
     * (`subscriptionBytes`), else the release to call once it was added or failed.
     */
    admit(owner: SubscriptionOwner, params: Json[]): { refusal: RpcError } | { release(): void } {
      const size = bytesOf(owner, params)
      const { maxOriginBytes, maxBytes } = subscriptionBytes
      if (heldOn(owner) >= maxOriginSubscriptionsPerChain) {
        return { refusal: tooManyOriginSubscriptions(maxOriginSubscriptionsPerChain) }
      }
      if (heldBytes(owner.origin) + size > maxOriginBytes) {
        return { refusal: subscriptionsTooLarge(maxOriginBytes, 'origin') }
      }
      if (heldBytes() + size > maxBytes) {
        return { refusal: subscriptionsTooLarge(maxBytes, 'all origins') }
      }
      const entry = { owner, bytes: size }
      opening.add(entry)
      return {
        release() {
          opening.delete(entry)
        },
      }
    },
    /**
     * Adds a subscription the node accepted as `nodeId`, under a new wallet id, and stores it;
     * `cursor` is where it starts (`SubscriptionCatchUp.start`).
     */
    async add(
      owner: SubscriptionOwner,
      params: Json[],
      nodeId: string,
      cursor: SubscriptionCursor,
    ): Promise<LiveSubscription> {
      const subscription: LiveSubscription = {
        id: newId(),
        owner,
        params,
        cursor,
        nodeId,
        queue: Promise.resolve(),
      }
      subscriptions.set(subscription.id, subscription)
      await persist()
      return subscription
    },
    get: (id: string): LiveSubscription | undefined => subscriptions.get(id),
    has: (id: string): boolean => subscriptions.has(id),
    /** Forgets a subscription in memory; the caller stores the set (`persist`) once it is done. */
    forget(id: string): void {
      subscriptions.delete(id)
    },
    /** The subscription the node's `nodeId` stands for on `chainId`'s current socket. */
    byNodeId: (chainId: ChainId, nodeId: string): LiveSubscription | undefined =>
      all().find(
        (subscription) => subscription.owner.chainId === chainId && subscription.nodeId === nodeId,
      ),
    onChain: (chainId: ChainId): LiveSubscription[] =>
      all().filter((subscription) => subscription.owner.chainId === chainId),
    matching: (match: SubscriptionMatch): LiveSubscription[] =>
      all().filter(
        ({ owner }) =>
          owner.origin === match.origin &&
          (match.connection === undefined || owner.connection === match.connection) &&
          (match.chainId === undefined || owner.chainId === match.chainId),
      ),
    /** Moves `subscription`'s cursor past an event it delivers, and stores it when it moved. */
    async advance(subscription: LiveSubscription, cursor: SubscriptionCursor): Promise<void> {
      if (cursor === subscription.cursor) return
      subscription.cursor = cursor
      await persist()
    },
    /** Loads the previous worker's subscriptions; returns the chains they are on. */
    async restore(): Promise<ChainId[]> {
      const stored =
        (await storage.read<Record<string, StoredSubscription>>(sessionKeys.subscriptions)) ?? {}
      const chains = new Set<ChainId>()
      for (const [id, { owner, params, ...fields }] of Object.entries(stored)) {
        subscriptions.set(id, {
          id,
          owner,
          params,
          cursor: cursorOf(fields),
          queue: Promise.resolve(),
        })
        chains.add(owner.chainId)
      }
      return [...chains]
    },
    /** The connections that own subscriptions (to end those whose page never came back). */
    owners: (): SubscriptionOwner[] => all().map(({ owner }) => owner),
  }
}

export type SubscriptionRegistry = ReturnType<typeof createSubscriptionRegistry>
