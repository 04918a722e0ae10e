import { isPlainObject } from '@metamask/utils'
import type { Address } from 'viem'
import { decodeErrorResult, getAddress, type Hex } from 'viem'
import type { Json } from '../rpc/types.ts'
import type { NodeCall } from './nodeCall.ts'
import { readQuantity } from './quantity.ts'

/** One call of a simulated batch, as `eth_simulateV1` and `eth_call` take it. */
export type SimulatedCall = { from: Address; to?: Address; value: Hex; data: Hex }

/** How one call fared: its outcome and, when it reverted, why. */
export type CallOutcome = { ok: true } | { ok: false; reason: string }

/**
 * A balance of the signing account that the batch changes: ether (`token` absent) or an ERC-20
 * token. `delta` is signed, in base units, as a decimal string (JSON-safe).
 */
export type BalanceChange = { token?: Address; delta: string }

/**
 * What the node says will happen. `simulated`: `eth_simulateV1` ran the whole batch in order on the
 * latest state, with the transfers it traced. `call-only`: the node has no `eth_simulateV1`, so each
 * call was run alone with `eth_call` — success or revert only, no balance changes (the window says so).
 */
export type SimulationOutcome =
  | { kind: 'simulated'; calls: CallOutcome[]; changes: BalanceChange[] }
  | { kind: 'call-only'; calls: CallOutcome[]; simulateError: string }
  | { kind: 'unavailable'; error: string }

/** Where `eth_simulateV1` reports ether movements when `traceTransfers` is on (ERC-7528). */
export const nativeTransferAddress = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
/** `Transfer(address,address,uint256)`: ERC-20 transfers and the traced ether ones. */
export const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

const cut = (text: string): string => (text.length > 300 ? `${text.slice(0, 300)}…` : text)

/**
 * Why a call reverted, readable: `Error(string)` and `Panic(uint256)` decoded, a custom error by its
 * selector, else the node's message.
 *
 * @example revertReason('0x08c379a0…', 'execution reverted') // 'TestToken: transfer amount exceeds balance'
 */
export function revertReason(data: unknown, message: string): string {
  if (typeof data === 'string' && /^0x([0-9a-fA-F]{2}){4,}$/.test(data)) {
    try {
      const decoded = decodeErrorResult({ abi: [], data: data as Hex })
      const [first] = decoded.args ?? []
      if (decoded.errorName === 'Error' && typeof first === 'string') return cut(first)
      if (decoded.errorName === 'Panic' && typeof first === 'bigint') {
        return `panic 0x${first.toString(16)}`
      }
    } catch {
      // A custom error this wallet has no ABI for: its selector is all it can name.
      return cut(`${message} (custom error ${data.slice(0, 10)})`)
    }
  }
  return cut(message || 'execution reverted')
}

const topicAddress = (topic: unknown): string | undefined =>
  typeof topic === 'string' && /^0x0{24}[0-9a-fA-F]{40}$/.test(topic)
    ? `0x${topic.slice(26).toLowerCase()}`
    : undefined

/** Adds the account's side of every `Transfer` log (traced ether or ERC-20) to `totals`. */
function addTransfers(account: string, logs: unknown, totals: Map<string, bigint>): void {
  if (!Array.isArray(logs)) return
  for (const log of logs) {
    if (!isPlainObject(log) || !Array.isArray(log.topics) || log.topics.length !== 3) continue
    if (log.topics[0] !== transferTopic || typeof log.address !== 'string') continue
    const amount = readQuantity(log.data)
    if (amount === undefined) continue
    const from = topicAddress(log.topics[1])
    const to = topicAddress(log.topics[2])
    const asset = log.address.toLowerCase()
    if (from === account) totals.set(asset, (totals.get(asset) ?? 0n) - amount)
    if (to === account) totals.set(asset, (totals.get(asset) ?? 0n) + amount)
  }
}

const callObject = (call: SimulatedCall): Record<string, Json> => {
  const object: Record<string, Json> = { from: call.from, value: call.value, data: call.data }
  if (call.to !== undefined) object.to = call.to
  return object
}

/** Reads `eth_simulateV1`'s answer; undefined when it is not the documented shape. */
function readSimulation(
  account: string,
  result: Json,
  count: number,
): SimulationOutcome | undefined {
  if (!Array.isArray(result) || result.length !== 1 || !isPlainObject(result[0])) return undefined
  const calls = result[0].calls
  if (!Array.isArray(calls) || calls.length !== count) return undefined
  const totals = new Map<string, bigint>()
  const outcomes: CallOutcome[] = []
  for (const call of calls) {
    if (!isPlainObject(call)) return undefined
    if (call.status === '0x1') {
      outcomes.push({ ok: true })
      addTransfers(account, call.logs, totals)
    } else {
      const error = isPlainObject(call.error) ? call.error : {}
      const message = typeof error.message === 'string' ? error.message : 'execution reverted'
      outcomes.push({ ok: false, reason: revertReason(call.returnData ?? error.data, message) })
    }
  }
  const changes: BalanceChange[] = []
  for (const [asset, delta] of totals) {
    if (delta === 0n) continue
    changes.push(
      asset === nativeTransferAddress
        ? { delta: delta.toString() }
        : { token: getAddress(asset), delta: delta.toString() },
    )
  }
  return { kind: 'simulated', calls: outcomes, changes }
}

/** Each call alone through `eth_call` on the latest block: success or its revert reason. */
async function callEach(call: NodeCall, calls: SimulatedCall[]): Promise<CallOutcome[]> {
  return Promise.all(
    calls.map(async (simulated): Promise<CallOutcome> => {
      const answer = await call('eth_call', [callObject(simulated), 'latest'])
      if (!('error' in answer)) return { ok: true }
      return { ok: false, reason: revertReason(answer.error.data, answer.error.message) }
    }),
  )
}

const describeFailure = (error: unknown): string =>
  cut(error instanceof Error ? error.message : String(error))

/**
 * Runs a batch (one transaction, or a `wallet_sendCalls` batch in order) on the chain's own node
 * before the user approves it: `eth_simulateV1` with `traceTransfers` on the latest block, without
 * validation (the preview is about effects; nonce and fees are checked when it is sent), and the
 * signing account's ether and ERC-20 balance changes from the traced `Transfer` logs. A node that
 * refuses `eth_simulateV1` gets `eth_call` per call (`call-only`). Never throws.
 */
export async function simulateCalls(parameters: {
  account: Address
  calls: SimulatedCall[]
  call: NodeCall
}): Promise<SimulationOutcome> {
  const { calls, call } = parameters
  const account = parameters.account.toLowerCase()
  let simulateError: string
  try {
    const answer = await call('eth_simulateV1', [
      {
        blockStateCalls: [{ calls: calls.map(callObject) }],
        traceTransfers: true,
        validation: false,
      },
      'latest',
    ])
    if ('error' in answer) {
      simulateError = cut(`${answer.error.code} ${answer.error.message}`)
    } else {
      const outcome = readSimulation(account, answer.result, calls.length)
      if (outcome) return outcome
      simulateError = 'eth_simulateV1 answered an unexpected shape'
    }
  } catch (error) {
    return { kind: 'unavailable', error: describeFailure(error) }
  }
  try {
    return { kind: 'call-only', calls: await callEach(call, calls), simulateError }
  } catch (error) {
    return { kind: 'unavailable', error: describeFailure(error) }
  }
}
