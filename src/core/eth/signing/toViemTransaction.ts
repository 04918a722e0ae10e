import type { FilledTransaction } from '../fillTransaction.ts'

/** A filled transaction (hex quantities, as the window showed it) as viem's account signs it. */
export const toViemTransaction = (transaction: FilledTransaction) => {
  const common = {
    chainId: Number(BigInt(transaction.chainId)),
    nonce: Number(BigInt(transaction.nonce)),
    gas: BigInt(transaction.gas),
    to: transaction.to ?? null,
    value: BigInt(transaction.value),
    data: transaction.data,
  }
  if (transaction.type === 'legacy') {
    return { ...common, type: 'legacy' as const, gasPrice: BigInt(transaction.gasPrice ?? '0x0') }
  }
  return {
    ...common,
    type: 'eip1559' as const,
    maxFeePerGas: BigInt(transaction.maxFeePerGas ?? '0x0'),
    maxPriorityFeePerGas: BigInt(transaction.maxPriorityFeePerGas ?? '0x0'),
    accessList: transaction.accessList ?? [],
  }
}
