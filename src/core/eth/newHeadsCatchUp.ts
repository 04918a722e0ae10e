import { isObject } from '@metamask/utils'
import type { SubscriptionCatchUp, SubscriptionCursor } from '../multichain/namespace.ts'
import type { Json } from '../rpc/types.ts'
import { readQuantity, toQuantity } from './quantity.ts'
import { maxCatchUpBlocks, readHead } from './readHead.ts'

/** What `eth_getBlockByNumber` adds to a block's header; a `newHeads` event carries the header only. */
const bodyFields = new Set(['transactions', 'uncles', 'size', 'totalDifficulty', 'withdrawals'])

/** A block from `eth_getBlockByNumber` in the shape of a `newHeads` event. */
const toHeader = (block: Record<string, Json>): Json =>
  Object.fromEntries(Object.entries(block).filter(([field]) => !bodyFields.has(field)))

/**
 * `eth_subscribe('newHeads')` resumed: its cursor is the last block delivered (`lastBlock`); a
 * block at or before it is not delivered again; after a restart the blocks mined since are read
 * (`eth_getBlockByNumber`, headers only, the newest `maxCatchUpBlocks` at most), oldest first.
 * It starts with its first event: nothing is missed before one was delivered.
 */
export const newHeadsCatchUp: SubscriptionCatchUp = {
  start: async () => ({}),

  admit(_params, cursor, event): SubscriptionCursor | undefined {
    const number = isObject(event) ? readQuantity(event.number) : undefined
    if (number === undefined) return cursor
    if (cursor.lastBlock !== undefined && number <= BigInt(cursor.lastBlock)) return undefined
    return { lastBlock: toQuantity(number) }
  },

  async *catchUp(call, _params, cursor) {
    if (cursor.lastBlock === undefined) return
    const head = await readHead(call)
    if (head === undefined) return
    const last = BigInt(cursor.lastBlock)
    const first = head - last > maxCatchUpBlocks ? head - maxCatchUpBlocks : last + 1n
    for (let number = first; number <= head; number += 1n) {
      const block = await call('eth_getBlockByNumber', [toQuantity(number), false])
      if ('result' in block && isObject(block.result)) yield toHeader(block.result)
    }
  },
}
