import { isPlainObject } from '@metamask/utils'
import type { Address } from 'viem'
import { getAddress } from 'viem'
import {
  atomicityNotSupported,
  batchTooLarge,
  type Problem,
  type RpcError,
  unsupportedBatchChain,
  unsupportedCapabilities,
} from '../rpc/errors.ts'
import type { Json } from '../rpc/types.ts'
import { isAddress } from './hex.ts'
import { parseTransactionObject, type TransactionRequest } from './parseTransactionParams.ts'
import { readQuantity } from './quantity.ts'

/** The EIP-5792 version this wallet speaks. */
export const callsVersion = '2.0.0'
/** The most calls one batch may hold (`5740` above it): each is a transaction the user pays for. */
export const maxCallsPerBatch = 20

/** One call of a batch, normalized like a transaction (no `from`: the batch has one). */
export type BatchCall = Pick<TransactionRequest, 'to' | 'value' | 'data'>

/** `wallet_sendCalls` params, normalized. `from` absent: the scope's first account signs. */
export type SendCallsParams = {
  id?: string
  from?: Address
  atomicRequired: boolean
  calls: BatchCall[]
  /** Names of capabilities the dapp marked non-optional (this wallet supports none: `5700`). */
  requiredCapabilities: string[]
}

const requiredCapabilitiesOf = (capabilities: unknown): string[] =>
  isPlainObject(capabilities)
    ? Object.entries(capabilities)
        .filter(([, value]) => !(isPlainObject(value) && value.optional === true))
        .map(([name]) => name.slice(0, 64))
    : []

/**
 * Checks `wallet_sendCalls [{ version, id?, chainId, from?, atomicRequired, calls, capabilities? }]`
 * (EIP-5792 2.0.0): structure problems → `problems` (`-32602`); a well-formed batch this wallet
 * cannot run → `refusal` (`5710` other chain, `5740` too many calls, `5760` atomicity required — this
 * wallet has no smart account — `5700` a non-optional capability, which it has none of).
 */
export function parseSendCallsParams(
  params: unknown,
  scopeChainId: bigint,
): { params: SendCallsParams } | { problems: Problem[] } | { refusal: RpcError } {
  const batch = Array.isArray(params) ? params[0] : undefined
  if (!isPlainObject(batch)) {
    return { problems: [{ path: 'params', message: 'must be [{ version, chainId, calls, … }]' }] }
  }
  const problems: Problem[] = []
  if (batch.version !== callsVersion) {
    problems.push({ path: 'params[0].version', message: `must be "${callsVersion}"` })
  }
  if (batch.id !== undefined && (typeof batch.id !== 'string' || !/^.{1,4096}$/s.test(batch.id))) {
    problems.push({ path: 'params[0].id', message: 'must be a string of at most 4096 characters' })
  }
  const chainId = readQuantity(batch.chainId)
  if (chainId === undefined) {
    problems.push({ path: 'params[0].chainId', message: 'must be a hex chain id' })
  }
  if (batch.from !== undefined && !isAddress(batch.from)) {
    problems.push({ path: 'params[0].from', message: 'must be a 20-byte hex address' })
  }
  if (typeof batch.atomicRequired !== 'boolean') {
    problems.push({ path: 'params[0].atomicRequired', message: 'must be a boolean' })
  }
  if (batch.capabilities !== undefined && !isPlainObject(batch.capabilities)) {
    problems.push({ path: 'params[0].capabilities', message: 'must be an object' })
  }
  const calls: BatchCall[] = []
  if (!Array.isArray(batch.calls) || batch.calls.length === 0) {
    problems.push({ path: 'params[0].calls', message: 'must be a non-empty array of calls' })
  } else if (batch.calls.length <= maxCallsPerBatch) {
    batch.calls.forEach((call: Json, index) => {
      const path = `params[0].calls[${index}]`
      const parsed = parseTransactionObject(call, { path, scopeChainId })
      if ('problems' in parsed) problems.push(...parsed.problems)
      else
        calls.push({
          to: parsed.request.to,
          value: parsed.request.value,
          data: parsed.request.data,
        })
    })
  }
  if (problems.length > 0) return { problems: problems.slice(0, 10) }
  if (chainId !== scopeChainId) {
    return { refusal: unsupportedBatchChain() }
  }
  if (Array.isArray(batch.calls) && batch.calls.length > maxCallsPerBatch) {
    return { refusal: batchTooLarge(maxCallsPerBatch) }
  }
  if (batch.atomicRequired === true) {
    return { refusal: atomicityNotSupported() }
  }
  const requiredCapabilities = [
    ...requiredCapabilitiesOf(batch.capabilities),
    ...(batch.calls as Json[]).flatMap((call) =>
      isPlainObject(call) ? requiredCapabilitiesOf(call.capabilities) : [],
    ),
  ]
  if (requiredCapabilities.length > 0) {
    return { refusal: unsupportedCapabilities(requiredCapabilities) }
  }
  const parsed: SendCallsParams = { atomicRequired: false, calls, requiredCapabilities }
  if (typeof batch.id === 'string') parsed.id = batch.id
  if (isAddress(batch.from)) parsed.from = getAddress(batch.from)
  return { params: parsed }
}
