import { isPlainObject } from '@metamask/utils'
import type { Address } from 'viem'
import { getAddress, hashTypedData, type TypedDataDefinition, validateTypedData } from 'viem'
import type { Problem } from '../rpc/errors.ts'
import type { Json } from '../rpc/types.ts'
import { declaredOnly } from './declaredOnly.ts'
import { isAddress } from './hex.ts'
import type { TypedDataDocument, TypedField } from './typedDataDocument.ts'

/** The largest typed-data document accepted, in characters of JSON (orders of magnitude above real ones). */
export const maxTypedDataLength = 256 * 1024

/** `eth_signTypedData_v4` params, normalized: the EIP-55 signing address and the parsed document. */
export type TypedDataParams = { address: Address; typedData: TypedDataDocument }

const isTypedField = (value: unknown): value is TypedField =>
  isPlainObject(value) && typeof value.name === 'string' && typeof value.type === 'string'

/** The domain's `chainId` as a number (number, decimal or hex string), or undefined if unreadable. */
const domainChainId = (value: Json): bigint | undefined => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(value)) {
    return BigInt(value)
  }
  return undefined
}

/** A short, bounded description of why viem refused the document. */
const reasonOf = (error: unknown): string => {
  const text =
    error instanceof Error
      ? ((error as Error & { shortMessage?: string }).shortMessage ?? error.message)
      : String(error)
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}

/** The document as viem takes it (numbers in JSON are valid values for uint fields). */
export const toViemTypedData = (document: TypedDataDocument): TypedDataDefinition =>
  document as unknown as TypedDataDefinition

/**
 * Checks `eth_signTypedData_v4 [address, typedData]` (EIP-712): the document as an object or a JSON
 * string, with `types`, `primaryType` (one of the types), `domain` and `message`, and values that
 * match their types (checked by hashing it with viem, as signing will). A domain `chainId` must be
 * the scope's chain (`scopeChainId`, the `<n>` of `eip155:<n>`): a signature for another chain could
 * be replayed there. Fields its `types` do not declare are dropped (`declaredOnly`): they are not
 * signed, so they are not shown either.
 *
 * @example parseTypedDataParams([address, json], 31337n) // { params: { address, typedData } }
 */
export function parseTypedDataParams(
  params: unknown,
  scopeChainId: bigint,
): { params: TypedDataParams } | { problems: Problem[] } {
  if (!Array.isArray(params) || params.length < 2) {
    return { problems: [{ path: 'params', message: 'must be [address, typedData]' }] }
  }
  const [address, raw] = params
  const problems: Problem[] = []
  if (!isAddress(address)) {
    problems.push({ path: 'params[0]', message: 'must be a 20-byte hex address' })
  }
  let document: unknown = raw
  if (typeof raw === 'string') {
    if (raw.length > maxTypedDataLength) {
      problems.push({
        path: 'params[1]',
        message: `must be at most ${maxTypedDataLength} characters`,
      })
      return { problems }
    }
    try {
      document = JSON.parse(raw)
    } catch (error) {
      problems.push({ path: 'params[1]', message: `is not JSON: ${reasonOf(error)}` })
      return { problems }
    }
  }
  if (!isPlainObject(document)) {
    problems.push({ path: 'params[1]', message: 'must be an EIP-712 object or its JSON' })
    return { problems }
  }
  const { types, primaryType, domain, message } = document
  if (
    !isPlainObject(types) ||
    !Object.values(types).every((fields) => Array.isArray(fields) && fields.every(isTypedField))
  ) {
    problems.push({ path: 'params[1].types', message: 'must map type names to [{ name, type }]' })
  }
  if (
    typeof primaryType !== 'string' ||
    !isPlainObject(types) ||
    !Object.hasOwn(types, primaryType)
  ) {
    problems.push({ path: 'params[1].primaryType', message: 'must name one of the types' })
  }
  if (!isPlainObject(domain)) {
    problems.push({ path: 'params[1].domain', message: 'must be an object' })
  } else if (domain.chainId !== undefined && domain.chainId !== null) {
    const chainId = domainChainId(domain.chainId as Json)
    if (chainId === undefined) {
      problems.push({ path: 'params[1].domain.chainId', message: 'must be a chain id number' })
    } else if (chainId !== scopeChainId) {
      problems.push({
        path: 'params[1].domain.chainId',
        message: `must be the scope's chain ${scopeChainId}, not ${chainId}`,
      })
    }
  }
  if (!isPlainObject(message)) {
    problems.push({ path: 'params[1].message', message: 'must be an object' })
  }
  if (problems.length > 0 || !isAddress(address) || !isPlainObject(domain)) return { problems }
  // viem types the domain's chainId as uint256 only when it is a number: a string is normalized.
  const chainId = domainChainId(domain.chainId as Json)
  const normalizedDomain =
    chainId === undefined || chainId > BigInt(Number.MAX_SAFE_INTEGER)
      ? domain
      : { ...domain, chainId: Number(chainId) }
  const typedData = { types, primaryType, domain: normalizedDomain, message } as TypedDataDocument
  try {
    validateTypedData(toViemTypedData(typedData))
    hashTypedData(toViemTypedData(typedData))
  } catch (error) {
    return { problems: [{ path: 'params[1]', message: reasonOf(error) }] }
  }
  return { params: { address: getAddress(address), typedData: declaredOnly(typedData) } }
}
