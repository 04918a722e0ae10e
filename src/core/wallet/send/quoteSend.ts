import { isObject } from '@metamask/utils'
import type { Address } from 'viem'
import type { ChainId } from '../../caip/types.ts'
import { buildTransferRequest } from '../../eth/buildTransferRequest.ts'
import { fillTransaction, maxCostOf } from '../../eth/fillTransaction.ts'
import { type NodeCall, nodeResult } from '../../eth/nodeCall.ts'
import { toBase64 } from '../../solana/base64.ts'
import { buildTransferTransaction } from '../../solana/buildTransferTransaction.ts'
import { decodeTransaction } from '../../solana/decodeTransaction.ts'
import type { SendNamespace } from './checkRecipient.ts'
import type { SendAsset } from './readSendAsset.ts'
import type { EvmSendFees } from './sendDraft.ts'

/**
 * What a send costs besides its amount, in the native coin's base units (decimal strings): the
 * most the fee can be (EVM: gas limit × max fee; Solana: the message's fee), plus, on Solana, the
 * rent of the recipient's token account when the send creates it. EVM sends carry the fee fields
 * the confirmation will show (`fees`), so the amount checked against the balance and the fee signed
 * are one.
 */
export type SendQuote = {
  maxFee: string
  fees?: EvmSendFees
  createsAccount?: boolean
  rent?: string
}

/** The rent-exempt minimum of a token account (165 bytes), which the sender pays when it creates one. */
const tokenAccountSize = 165

export type QuoteSendParameters = {
  call: NodeCall
  namespace: SendNamespace
  chainId: ChainId
  from: string
  to: string
  asset: SendAsset
  amount: bigint
}

async function quoteEvm({
  call,
  chainId,
  from,
  to,
  asset,
  amount,
}: QuoteSendParameters): Promise<SendQuote> {
  const request = buildTransferRequest({
    from: from as Address,
    to: to as Address,
    amount,
    ...(asset.id === 'native' ? {} : { token: asset.id as Address }),
  })
  const filled = await fillTransaction({
    request,
    chainId: BigInt(chainId.slice(chainId.indexOf(':') + 1)),
    call,
  })
  const fees: EvmSendFees =
    filled.type === 'legacy'
      ? { gas: filled.gas, gasPrice: filled.gasPrice ?? '0x0' }
      : {
          gas: filled.gas,
          maxFeePerGas: filled.maxFeePerGas ?? '0x0',
          maxPriorityFeePerGas: filled.maxPriorityFeePerGas ?? '0x0',
        }
  return { maxFee: maxCostOf(filled).fee.toString(), fees }
}

async function quoteSolana({
  call,
  from,
  to,
  asset,
  amount,
}: QuoteSendParameters): Promise<SendQuote> {
  const built = await buildTransferTransaction({
    call,
    from,
    to,
    amount,
    ...(asset.solanaToken ? { token: asset.solanaToken } : {}),
  })
  const decoded = decodeTransaction(built.transaction)
  if ('problems' in decoded) throw new Error('the built transfer is not a transaction')
  const [feeAnswer, rent] = await Promise.all([
    nodeResult(call, 'getFeeForMessage', [
      toBase64(decoded.transaction.messageBytes),
      { commitment: 'confirmed' },
    ]),
    built.createsAccount
      ? nodeResult(call, 'getMinimumBalanceForRentExemption', [tokenAccountSize])
      : 0,
  ])
  const fee = isObject(feeAnswer) && typeof feeAnswer.value === 'number' ? feeAnswer.value : 0
  const rentLamports = typeof rent === 'number' ? BigInt(rent) : 0n
  return {
    maxFee: (BigInt(fee) + rentLamports).toString(),
    createsAccount: built.createsAccount,
    rent: rentLamports.toString(),
  }
}

/**
 * Quotes a send as the confirmation will show it (DESIGN §9): on EVM the transaction filled as the
 * confirmation fills it (gas estimated, EIP-1559 fees or `gasPrice`), on Solana the transaction
 * built and its fee asked of the node, with the rent of a token account it creates. Node errors
 * are thrown.
 */
export function quoteSend(parameters: QuoteSendParameters): Promise<SendQuote> {
  return parameters.namespace === 'eip155' ? quoteEvm(parameters) : quoteSolana(parameters)
}
