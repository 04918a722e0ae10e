import { isPlainObject } from '@metamask/utils'
import { decodeFunctionData, erc20Abi, type Hex } from 'viem'
import { hasBadChecksum } from './hasBadChecksum.ts'

/** Where an ERC-20 `transfer`/`approve` puts its address in the data: the first argument's low 20 bytes. */
const firstAddressArgument = { start: 2 + 8 + 24, end: 2 + 8 + 64 }

/** The address an ERC-20 `transfer` or `approve` names in `data`, as the page wrote it. */
function tokenCallAddress(data: unknown): string | undefined {
  if (typeof data !== 'string' || !/^0x[0-9a-fA-F]*$/.test(data) || data.length < 10 + 128) {
    return undefined
  }
  try {
    const { functionName } = decodeFunctionData({ abi: erc20Abi, data: data.toLowerCase() as Hex })
    if (functionName !== 'transfer' && functionName !== 'approve') return undefined
  } catch {
    // Not an ERC-20 call: its data names no recipient this check knows.
    return undefined
  }
  return `0x${data.slice(firstAddressArgument.start, firstAddressArgument.end)}`
}

/**
 * The addresses a page's raw transaction object (`eth_sendTransaction`'s, or a `wallet_sendCalls`
 * call) writes mixed-case with a bad EIP-55 checksum (DESIGN §11 `checksum`): its `to`, and the
 * recipient or spender of an ERC-20 `transfer`/`approve` in its `data` (or `input`). Read before
 * the params are normalized, which keeps no letter case.
 *
 * @example findBadChecksums({ to: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293Bc' }) // ['0x3C44…93Bc']
 */
export function findBadChecksums(transaction: unknown): string[] {
  if (!isPlainObject(transaction)) return []
  const written = [transaction.to, tokenCallAddress(transaction.data ?? transaction.input)]
  return written.filter(
    (address): address is string => typeof address === 'string' && hasBadChecksum(address),
  )
}
