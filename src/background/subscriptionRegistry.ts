import { isObject } from '@metamask/utils'
import type { ChainId } from '../core/caip/types.ts'
import type { ConnectionId, SubscriptionOwner } from '../core/multichain/ports.ts'
import { sessionKeys } from '../core/protocol/storageKeys.ts'
import type { Json } from '../core/rpc/types.ts'
import type { Storage } from './storage.ts'

/** A subscription as persisted in `storage.session`, under its wallet-issued id. */
export type StoredSubscription = {
  owner: SubscriptionOwner
  params: Json[]
  /**
   * `newHeads`: the number (hex) of the last block delivered. `logs`: the block of the last log
   * delivered (at first the head when the subscription started). Where a gap after a restart starts.
   */
  lastBlock?: string
  /**
   * `logs` only: the `logIndex` (hex) of the last log delivered in `lastBlock`; absent when every
   * log of `lastBlock` counts as delivered (the head the subscription started at).
   */
  lastLogIndex?: string
}

/** A subscription of this worker: its stored form, and how it stands on the chain's socket. */
export type LiveSubscription = StoredSubscription & {
  id: string
  /** The node's id on the current socket; undefined while (re)subscribing. */
  nodeId?: string
  /** Events are delivered in order through this chain of promises (backfill first). */
  queue: Promise<void>
}

/** Which subscriptions to end: all of an origin's, or only one connection's and/or one chain's. */
export type SubscriptionMatch = { origin: string; connection?: ConnectionId; chainId?: ChainId }

/** A wallet-issued subscription id: 16 random bytes in hex, like a node's. */
const randomId = (): string =>
  `0x${Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`

/** The block number of a `newHeads` event (a block header), if it has one. */
const headNumberOf = (result: Json): bigint | undefined => {
  if (!isObject(result)) return undefined
  const number = result.number
  return typeof number === 'string' ? BigInt(number) : undefined
}

/** Where a log sits on the chain: its block and its index in the block. */
type LogPosition = { block: bigint; index: bigint }

/** The position of a `logs` event (a log object), if it has one. */
const logPositionOf = (result: Json): LogPosition | undefined => {
  if (!isObject(result)) return undefined
  const { blockNumber, logIndex } = result
  if (typeof blockNumber !== 'string' || typeof logIndex !== 'string') return undefined
  return { block: BigInt(blockNumber), index: BigInt(logIndex) }
}

/** Whether a log at `position` comes after the last one `subscription` delivered. */
const isAfter = (
  position: LogPosition,
  { lastBlock, lastLogIndex }: Pick<StoredSubscription, 'lastBlock' | 'lastLogIndex'>,
): boolean => {
  if (lastBlock === undefined) return true
  const block = BigInt(lastBlock)
  if (position.block !== block) return position.block > block
  return lastLogIndex !== undefined && position.index > BigInt(lastLogIndex)
}

/**
 * The wallet's subscriptions, under the ids pages know them by, kept in `storage.session` so that a
 * restarted worker finds them again (`restore`). Each write stores the whole set: a few entries per
 * page at most. For `newHeads` it also keeps the last block delivered, for `logs` the last log
 * (block and index), so nothing is delivered twice and a restart knows where the gap starts.
 */
export function createSubscriptionRegistry(storage: Storage, newId: () => string = randomId) {
  const subscriptions = new Map<string, LiveSubscription>()

  const persist = async (): Promise<void> => {
    const stored: Record<string, StoredSubscription> = {}
    for (const { id, owner, params, lastBlock, lastLogIndex } of subscriptions.values()) {
      stored[id] = {
        owner,
        params,
        ...(lastBlock === undefined ? {} : { lastBlock }),
        ...(lastLogIndex === undefined ? {} : { lastLogIndex }),
      }
    }
    await storage.write(sessionKeys.subscriptions, stored)
  }

  const all = (): LiveSubscription[] => [...subscriptions.values()]

  return {
    persist,
    /**
     * Adds a subscription the node accepted as `nodeId`, under a new wallet id, and stores it;
     * `lastBlock` is where a `logs` subscription starts (every log up to it counts as delivered).
     */
    async add(
      owner: SubscriptionOwner,
      params: Json[],
      nodeId: string,
      lastBlock?: string,
    ): Promise<LiveSubscription> {
      const subscription: LiveSubscription = {
        id: newId(),
        owner,
        params,
        nodeId,
        queue: Promise.resolve(),
        ...(lastBlock === undefined ? {} : { lastBlock }),
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
    /**
     * Whether a `newHeads` event is news for `subscription`: a block after the last one delivered
     * (recorded and stored when it is). An event without a block number is passed on as it is.
     */
    async admitHead(subscription: LiveSubscription, result: Json): Promise<boolean> {
      const number = headNumberOf(result)
      if (number === undefined) return true
      if (subscription.lastBlock !== undefined && number <= BigInt(subscription.lastBlock)) {
        return false
      }
      subscription.lastBlock = `0x${number.toString(16)}`
      await persist()
      return true
    },
    /**
     * Whether a `logs` event is news for `subscription`: a log after the last one delivered, by
     * (block, log index) — recorded and stored when it is. A removed log (a reorg) and a log
     * without a position are passed on as they are.
     */
    async admitLog(subscription: LiveSubscription, result: Json): Promise<boolean> {
      const position = logPositionOf(result)
      if (!position || (isObject(result) && result.removed === true)) return true
      if (!isAfter(position, subscription)) return false
      subscription.lastBlock = `0x${position.block.toString(16)}`
      subscription.lastLogIndex = `0x${position.index.toString(16)}`
      await persist()
      return true
    },
    /** Loads the previous worker's subscriptions; returns the chains they are on. */
    async restore(): Promise<ChainId[]> {
      const stored =
        (await storage.read<Record<string, StoredSubscription>>(sessionKeys.subscriptions)) ?? {}
      const chains = new Set<ChainId>()
      for (const [id, record] of Object.entries(stored)) {
        subscriptions.set(id, { ...record, id, queue: Promise.resolve() })
        chains.add(record.owner.chainId)
      }
      return [...chains]
    },
    /** The connections that own subscriptions (to end those whose page never came back). */
    owners: (): SubscriptionOwner[] => all().map(({ owner }) => owner),
  }
}

export type SubscriptionRegistry = ReturnType<typeof createSubscriptionRegistry>
