import { isCaipAccountId, parseCaipAccountId } from '@metamask/utils'
import { isAddress } from 'viem'
import { isValidReference } from './parseChainId.ts'
import type { AccountId, ChainId } from './types.ts'

export type ParsedAccountId = {
  accountId: AccountId
  chainId: ChainId
  namespace: string
  reference: string
  address: string
}

/**
 * Parses a CAIP-10 account id; `undefined` when `value` is not one. For `eip155` the chain reference
 * must be a decimal chain id and the address a 20-byte hex address (any letter case).
 *
 * @example parseAccountId('eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
 */
export function parseAccountId(value: unknown): ParsedAccountId | undefined {
  if (!isCaipAccountId(value)) return undefined
  const { address, chainId, chain } = parseCaipAccountId(value)
  if (!isValidReference(chain.namespace, chain.reference)) return undefined
  if (chain.namespace === 'eip155' && !isAddress(address, { strict: false })) return undefined
  return {
    accountId: value,
    chainId,
    namespace: chain.namespace,
    reference: chain.reference,
    address,
  }
}
