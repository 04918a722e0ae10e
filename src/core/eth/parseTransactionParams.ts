import { isPlainObject } from '@metamask/utils'
import type { Address } from 'viem'
import { getAddress, type Hex } from 'viem'
import type { Problem } from '../rpc/errors.ts'
import { isAddress, type Quantity } from './hex.ts'
import { readQuantity, toQuantity } from './quantity.ts'

/** The largest call data accepted, in bytes (a contract deployment is at most 48 KiB: EIP-3860). */
export const maxCallDataBytes = 128 * 1024

/** One access-list entry (EIP-2930). */
export type AccessListEntry = { address: Address; storageKeys: Hex[] }

/**
 * A transaction as the dapp asked for it, normalized: EIP-55 addresses, canonical quantities, data
 * as lower-case hex. Fields the dapp left out stay out; the wallet fills them (`fillTransaction`).
 * Only JSON values, so it can be stored as is.
 */
export type TransactionRequest = {
  from: Address
  /** Absent for a contract creation. */
  to?: Address
  value: Quantity
  data: Hex
  gas?: Quantity
  nonce?: Quantity
  /** Set for a legacy (type 0) transaction; exclusive with the EIP-1559 fields. */
  gasPrice?: Quantity
  maxFeePerGas?: Quantity
  maxPriorityFeePerGas?: Quantity
  accessList?: AccessListEntry[]
}

const evenHexPattern = /^0x([0-9a-fA-F]{2})*$/
const bytes32Pattern = /^0x[0-9a-fA-F]{64}$/

const isAccessList = (value: unknown): value is AccessListEntry[] =>
  Array.isArray(value) &&
  value.length <= 1_000 &&
  value.every(
    (entry) =>
      isPlainObject(entry) &&
      isAddress(entry.address) &&
      Array.isArray(entry.storageKeys) &&
      entry.storageKeys.length <= 1_000 &&
      entry.storageKeys.every((key) => typeof key === 'string' && bytes32Pattern.test(key)),
  )

const quantityFields = [
  'value',
  'gas',
  'nonce',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
] as const

/**
 * Checks one transaction object as `eth_sendTransaction [tx]` and each `wallet_sendCalls` call carry
 * it: `from` (when `requireFrom`), `to` an address or absent (creation), quantities as hex, `data`
 * (or its alias `input`) as hex bytes, `gasLimit` as an alias of `gas`; legacy `gasPrice` and the
 * EIP-1559 fee fields not mixed; `type` `0x0`/`0x2` when given and matching the fee fields; a
 * `chainId`, when given, that of the scope. Problems name their path under `path`.
 */
export function parseTransactionObject(
  value: unknown,
  context: { path: string; scopeChainId: bigint },
): { request: Omit<TransactionRequest, 'from'> & { from?: Address } } | { problems: Problem[] } {
  const { path } = context
  if (!isPlainObject(value)) return { problems: [{ path, message: 'must be an object' }] }
  const problems: Problem[] = []
  const at = (field: string) => `${path}.${field}`
  const request: Omit<TransactionRequest, 'from'> & { from?: Address } = {
    value: '0x0',
    data: '0x',
  }

  if (value.from !== undefined) {
    if (isAddress(value.from)) request.from = getAddress(value.from)
    else problems.push({ path: at('from'), message: 'must be a 20-byte hex address' })
  }
  if (value.to !== undefined && value.to !== null) {
    if (isAddress(value.to)) request.to = getAddress(value.to)
    else problems.push({ path: at('to'), message: 'must be a 20-byte hex address or absent' })
  }
  const gas = value.gas ?? value.gasLimit
  const fields: Record<(typeof quantityFields)[number], unknown> = {
    value: value.value,
    gas,
    nonce: value.nonce,
    gasPrice: value.gasPrice,
    maxFeePerGas: value.maxFeePerGas,
    maxPriorityFeePerGas: value.maxPriorityFeePerGas,
  }
  for (const field of quantityFields) {
    const raw = fields[field]
    if (raw === undefined || raw === null) continue
    const number = readQuantity(raw)
    if (number === undefined) {
      const name = field === 'gas' && value.gas === undefined ? 'gasLimit' : field
      problems.push({ path: at(name), message: 'must be a hex quantity (0x…) of at most 256 bits' })
    } else {
      request[field] = toQuantity(number)
    }
  }
  if (request.nonce !== undefined && BigInt(request.nonce) >= 2n ** 64n) {
    problems.push({ path: at('nonce'), message: 'must be below 2^64' })
  }

  const { data, input } = value
  if (data !== undefined && input !== undefined && data !== input) {
    problems.push({ path: at('data'), message: 'and input must be the same when both are given' })
  }
  const bytes = data ?? input
  if (bytes !== undefined && bytes !== null) {
    if (typeof bytes !== 'string' || !evenHexPattern.test(bytes)) {
      problems.push({
        path: at(data === undefined ? 'input' : 'data'),
        message: 'must be hex bytes',
      })
    } else if ((bytes.length - 2) / 2 > maxCallDataBytes) {
      problems.push({ path: at('data'), message: `must be at most ${maxCallDataBytes} bytes` })
    } else {
      request.data = bytes.toLowerCase() as Hex
    }
  }

  const legacy = request.gasPrice !== undefined
  const dynamic = request.maxFeePerGas !== undefined || request.maxPriorityFeePerGas !== undefined
  if (legacy && dynamic) {
    problems.push({
      path: at('gasPrice'),
      message: 'cannot be given with maxFeePerGas/maxPriorityFeePerGas',
    })
  }
  if (value.type !== undefined && value.type !== null) {
    const type = readQuantity(value.type)
    if (type !== 0n && type !== 2n) {
      problems.push({ path: at('type'), message: 'must be 0x0 (legacy) or 0x2 (EIP-1559)' })
    } else if ((type === 0n && dynamic) || (type === 2n && legacy)) {
      problems.push({ path: at('type'), message: 'does not match the fee fields given' })
    }
  }
  if (
    request.maxFeePerGas !== undefined &&
    request.maxPriorityFeePerGas !== undefined &&
    BigInt(request.maxPriorityFeePerGas) > BigInt(request.maxFeePerGas)
  ) {
    problems.push({
      path: at('maxPriorityFeePerGas'),
      message: 'cannot be greater than maxFeePerGas',
    })
  }
  if (value.chainId !== undefined && value.chainId !== null) {
    const chainId = readQuantity(value.chainId)
    if (chainId === undefined) {
      problems.push({ path: at('chainId'), message: 'must be a hex quantity' })
    } else if (chainId !== context.scopeChainId) {
      problems.push({
        path: at('chainId'),
        message: `must be the scope's chain ${toQuantity(context.scopeChainId)}`,
      })
    }
  }
  if (value.accessList !== undefined && value.accessList !== null) {
    if (isAccessList(value.accessList)) {
      request.accessList = value.accessList.map((entry) => ({
        address: getAddress(entry.address),
        storageKeys: entry.storageKeys.map((key) => key.toLowerCase() as Hex),
      }))
    } else {
      problems.push({ path: at('accessList'), message: 'must be [{ address, storageKeys }]' })
    }
  }
  if (problems.length > 0) return { problems: problems.slice(0, 10) }
  return { request }
}

/**
 * Checks `eth_sendTransaction [tx]` (see `parseTransactionObject`); `from` is required: it names
 * the account that signs.
 *
 * @example parseTransactionParams([{ from, to, value: '0xde0b6b3a7640000' }], 31337n)
 * // { request: { from, to, value: '0xde0b6b3a7640000', data: '0x' } }
 */
export function parseTransactionParams(
  params: unknown,
  scopeChainId: bigint,
): { request: TransactionRequest } | { problems: Problem[] } {
  if (!Array.isArray(params) || params.length < 1) {
    return { problems: [{ path: 'params', message: 'must be [transaction]' }] }
  }
  const parsed = parseTransactionObject(params[0], { path: 'params[0]', scopeChainId })
  if ('problems' in parsed) return parsed
  const { from, ...rest } = parsed.request
  if (from === undefined) {
    return { problems: [{ path: 'params[0].from', message: 'must be a 20-byte hex address' }] }
  }
  return { request: { from, ...rest } }
}
