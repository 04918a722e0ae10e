import type { Hex } from 'viem'
import { decodeTokenCall } from '../../wallet/describeTransaction.ts'
import type { FilledTransaction } from '../fillTransaction.ts'
import type { SigningRequest } from '../signer.ts'
import type { SentTransaction } from './ports.ts'

/**
 * The activity entry of `transaction`, broadcast as `hash` for `request`'s page at `at`, with the
 * recipient of the ERC-20 transfer it makes (the recipient warnings read who was sent to).
 */
export const sentTransactionOf = (
  request: Pick<SigningRequest, 'origin' | 'chainId'>,
  transaction: FilledTransaction,
  hash: Hex,
  at: number,
): SentTransaction => {
  const call = decodeTokenCall(transaction.data, undefined)
  return {
    hash,
    origin: request.origin,
    chainId: request.chainId,
    from: transaction.from,
    to: transaction.to ?? null,
    value: BigInt(transaction.value).toString(),
    maxFeeWei: (
      BigInt(transaction.gas) * BigInt(transaction.maxFeePerGas ?? transaction.gasPrice ?? '0x0')
    ).toString(),
    at,
    nonce: transaction.nonce,
    ...(call?.name === 'transfer' ? { tokenRecipient: call.to } : {}),
  }
}
