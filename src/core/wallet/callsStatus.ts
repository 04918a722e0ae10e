import { isObject } from '@metamask/utils'
import type { Json, RpcErrorObject } from '../rpc/types.ts'

/** EIP-5792 batch status codes (2.0.0). */
export const callsStatusCodes = {
  pending: 100,
  confirmed: 200,
  failedOffchain: 400,
  reverted: 500,
  partiallyReverted: 600,
} as const

/** A receipt as EIP-5792 reports it: the fields of `eth_getTransactionReceipt` it names. */
export type CallsReceipt = {
  logs: Array<{ address: string; data: string; topics: string[] }>
  status: string
  blockHash: string
  blockNumber: string
  gasUsed: string
  transactionHash: string
}

/**
 * What the wallet knows of a batch it sends as sequential transactions: the hash of each call it
 * broadcast (in order), and the node's error if it stopped before sending them all.
 */
export type CallsProgress = { hashes: string[]; callCount: number; sendError?: RpcErrorObject }

/**
 * The batch's status from its receipts (one per broadcast hash, null while not mined):
 * - `400` nothing was broadcast (the node refused the first), and nothing will be;
 * - `100` some broadcast transaction is not mined yet;
 * - `200` every call was sent and mined without revert;
 * - `500` every mined one reverted and nothing else went through;
 * - `600` some went through and some reverted or were never sent.
 */
export function callsStatusOf(
  progress: CallsProgress,
  receipts: Array<CallsReceipt | null>,
): number {
  if (progress.hashes.length === 0) {
    return progress.sendError ? callsStatusCodes.failedOffchain : callsStatusCodes.pending
  }
  if (receipts.some((receipt) => receipt === null)) return callsStatusCodes.pending
  const complete = progress.hashes.length === progress.callCount && !progress.sendError
  if (!progress.sendError && !complete) return callsStatusCodes.pending
  const succeeded = receipts.filter((receipt) => receipt?.status === '0x1').length
  if (complete && succeeded === receipts.length) return callsStatusCodes.confirmed
  if (succeeded === 0) return callsStatusCodes.reverted
  return callsStatusCodes.partiallyReverted
}

/** The EIP-5792 receipt of a node's `eth_getTransactionReceipt` result, or null (not mined). */
export function toCallsReceipt(result: Json): CallsReceipt | null {
  if (!isObject(result)) return null
  const text = (key: string): string => {
    const value = result[key]
    return typeof value === 'string' ? value : ''
  }
  const logs = Array.isArray(result.logs)
    ? result.logs.flatMap((log) => (isObject(log) ? [log] : []))
    : []
  return {
    logs: logs.map((log) => ({
      address: typeof log.address === 'string' ? log.address : '',
      data: typeof log.data === 'string' ? log.data : '0x',
      topics: Array.isArray(log.topics)
        ? log.topics.filter((topic): topic is string => typeof topic === 'string')
        : [],
    })),
    status: text('status'),
    blockHash: text('blockHash'),
    blockNumber: text('blockNumber'),
    gasUsed: text('gasUsed'),
    transactionHash: text('transactionHash'),
  }
}
