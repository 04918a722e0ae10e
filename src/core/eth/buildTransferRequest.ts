import { type Address, encodeFunctionData, erc20Abi } from 'viem'
import type { TransactionRequest } from './parseTransactionParams.ts'
import { toQuantity } from './quantity.ts'

export type BuildTransferRequestParameters = {
  from: Address
  to: Address
  /** Base units: wei, or the token's units. */
  amount: bigint
  /** The ERC-20 contract; absent for the chain's native coin. */
  token?: Address
}

/**
 * The transaction of the wallet's own send (DESIGN §9), as a dapp's `eth_sendTransaction` would
 * ask it (the confirmation fills and shows the rest): the native coin as `value` to the recipient,
 * or an ERC-20 `transfer(to, amount)` (viem's `erc20Abi`) called on the token with no value.
 *
 * @example
 * buildTransferRequest({ from, to, amount: 10n ** 18n })
 * // { from, to, value: '0xde0b6b3a7640000', data: '0x' }
 */
export function buildTransferRequest({
  from,
  to,
  amount,
  token,
}: BuildTransferRequestParameters): TransactionRequest {
  if (token === undefined) return { from, to, value: toQuantity(amount), data: '0x' }
  return {
    from,
    to: token,
    value: '0x0',
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
  }
}
