import { isCaipChainId, isCaipNamespace, isCaipReference, parseCaipChainId } from '@metamask/utils'
import type { ChainId } from './types.ts'

export type ParsedChainId = { chainId: ChainId; namespace: string; reference: string }

/** `eip155` references are chain ids in decimal without leading zeros (`1`, `10`, `31337`). */
const eip155Reference = /^(0|[1-9][0-9]*)$/

/** Whether `value` is a CAIP-2 namespace such as `eip155`. */
export const isNamespace = (value: unknown): value is string => isCaipNamespace(value)

/**
 * Whether `reference` is a valid CAIP-2 reference for `namespace`: the CAIP-2 grammar, and for
 * `eip155` a decimal chain id (`eip155:0x1` is well-formed CAIP-2 but names no EVM chain).
 */
export function isValidReference(namespace: string, reference: unknown): reference is string {
  if (!isCaipReference(reference)) return false
  return namespace !== 'eip155' || eip155Reference.test(reference)
}

/**
 * Parses a CAIP-2 chain id; `undefined` when `value` is not one.
 *
 * @example parseChainId('eip155:10') // { chainId: 'eip155:10', namespace: 'eip155', reference: '10' }
 */
export function parseChainId(value: unknown): ParsedChainId | undefined {
  if (!isCaipChainId(value)) return undefined
  const { namespace, reference } = parseCaipChainId(value)
  if (!isValidReference(namespace, reference)) return undefined
  return { chainId: value, namespace, reference }
}
