import { isObject } from '@metamask/utils'
import type { SubscriptionCatchUp, SubscriptionCursor } from '../multichain/namespace.ts'
import type { Json } from '../rpc/types.ts'
import { nodeResult } from './nodeCall.ts'
import { readQuantity, toQuantity } from './quantity.ts'
import { maxCatchUpBlocks, readHead } from './readHead.ts'

/** Where a log sits on the chain: its block and its index in the block. */
type LogPosition = { block: bigint; index: bigint }

/** The position of a `logs` event (a log object), if it has one. */
function positionOf(event: Json): LogPosition | undefined {
  if (!isObject(event)) return undefined
  const block = readQuantity(event.blockNumber)
  const index = readQuantity(event.logIndex)
  return block === undefined || index === undefined ? undefined : { block, index }
}

/**
 * Whether a log at `position` comes after the cursor: a later block, or a later index in the
 * cursor's block once a log of it was delivered (without `lastLogIndex`, every log of `lastBlock`
 * counts as delivered: the head the subscription started at).
 */
function isAfter(position: LogPosition, { lastBlock, lastLogIndex }: SubscriptionCursor): boolean {
  if (lastBlock === undefined) return true
  const block = BigInt(lastBlock)
  if (position.block !== block) return position.block > block
  return lastLogIndex !== undefined && position.index > BigInt(lastLogIndex)
}

/**
 * `eth_subscribe('logs', filter)` resumed: it starts at the head read just before subscribing;
 * its cursor is the last log delivered (`lastBlock`, `lastLogIndex`), and a log at or before it is
 * not delivered again, so one that also comes live arrives once. A removed log (a reorg) is
 * always passed on. After a restart the logs of the blocks since the cursor are read with the
 * subscription's own filter (`eth_getLogs`, the newest `maxCatchUpBlocks` blocks at most); a node
 * that refuses throws its error (`NodeAnswerError`).
 */
export const logsCatchUp: SubscriptionCatchUp = {
  async start(call): Promise<SubscriptionCursor> {
    const head = await readHead(call)
    return head === undefined ? {} : { lastBlock: toQuantity(head) }
  },

  admit(_params, cursor, event): SubscriptionCursor | undefined {
    const position = positionOf(event)
    if (!position || (isObject(event) && event.removed === true)) return cursor
    if (!isAfter(position, cursor)) return undefined
    return { lastBlock: toQuantity(position.block), lastLogIndex: toQuantity(position.index) }
  },

  async *catchUp(call, params, cursor) {
    if (cursor.lastBlock === undefined) return
    const head = await readHead(call)
    if (head === undefined) return
    const last = BigInt(cursor.lastBlock)
    if (head <= last && cursor.lastLogIndex === undefined) return
    const from = head - last > maxCatchUpBlocks ? head - maxCatchUpBlocks : last
    const filter = isObject(params[1]) ? params[1] : {}
    const logs = await nodeResult(call, 'eth_getLogs', [
      { ...filter, fromBlock: toQuantity(from), toBlock: toQuantity(head) },
    ])
    if (Array.isArray(logs)) yield* logs
  },
}
