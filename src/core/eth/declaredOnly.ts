import type { Json } from '../rpc/types.ts'
import type { TypedDataDocument } from './typedDataDocument.ts'

/** The domain fields EIP-712 knows, in the order viem hashes them when `types` has no `EIP712Domain`. */
const standardDomainFields = ['name', 'version', 'chainId', 'verifyingContract', 'salt']

/** `value` of EIP-712 type `type`, with only the fields `types` declares, at every depth. */
function keepDeclared(types: TypedDataDocument['types'], type: string, value: Json): Json {
  const item = /^(.*)\[\d*\]$/.exec(type)?.[1]
  if (item !== undefined && Array.isArray(value)) {
    return value.map((entry) => keepDeclared(types, item, entry))
  }
  const fields = Object.hasOwn(types, type) ? types[type] : undefined
  if (!fields || typeof value !== 'object' || value === null || Array.isArray(value)) return value
  return Object.fromEntries(
    fields.flatMap(({ name, type: fieldType }) =>
      Object.hasOwn(value, name)
        ? [[name, keepDeclared(types, fieldType, value[name] ?? null)]]
        : [],
    ),
  )
}

/**
 * The typed data as it is signed: the message and domain with only the fields `types` declares
 * (the domain's standard fields when `types` has no `EIP712Domain`, as viem hashes it). An
 * undeclared field is not part of the EIP-712 hash; kept, a window could show what is not signed
 * (the reference wallet once showed a maximum permit as a revocation that way). The signed hash is
 * unchanged.
 *
 * @example declaredOnly({ …permit, message: { …permit.message, allowed: false } }).message.allowed // undefined
 */
export function declaredOnly(document: TypedDataDocument): TypedDataDocument {
  const { types, primaryType, domain, message } = document
  const domainFields = Object.hasOwn(types, 'EIP712Domain')
    ? (types.EIP712Domain ?? []).map(({ name }) => name)
    : standardDomainFields
  return {
    types,
    primaryType,
    domain: Object.fromEntries(
      Object.entries(domain).filter(([name]) => domainFields.includes(name)),
    ),
    message: keepDeclared(types, primaryType, message) as Record<string, Json>,
  }
}
