import { isObject } from '@metamask/utils'
import type { Address } from 'viem'
import type { ChainId } from '../../caip/types.ts'
import { buildTransferRequest } from '../../eth/buildTransferRequest.ts'
import { chooseFee, type FeeChoice } from '../../eth/fees/chooseFee.ts'
import type { FeeMarket } from '../../eth/fees/readFeeMarket.ts'
import { fillTransaction } from '../../eth/fillTransaction.ts'
import type { Quantity } from '../../eth/hex.ts'
import { type NodeCall, nodeResult } from '../../eth/nodeCall.ts'
import { toBase64 } from '../../solana/base64.ts'
import { buildTransferTransaction } from '../../solana/buildTransferTransaction.ts'
import { decodeTransaction } from '../../solana/decodeTransaction.ts'
import type { SendNamespace } from './checkRecipient.ts'
import type { SendAsset } from './readSendAsset.ts'

/**
 * What a send costs besides its amount: on EVM the gas limit and the fee market (presets and what
 * each costs for that gas), both from `fillTransaction` as the confirmation fills them;
 * on Solana the message's fee and, when the send creates the recipient's token account, its rent
 * (lamports, decimal strings).
 */
export type SendQuote =
  | { namespace: 'eip155'; gas: Quantity; market: FeeMarket }
  | { namespace: 'solana'; fee: string; rent: string; createsAccount: boolean }

/**
 * The most the send costs in the native coin besides its amount (base units): gas × the chosen
 * fee's max fee per gas (`chooseFee`: a custom fee is checked, `invalid_fields` when refused), or
 * the Solana fee plus the rent of an account it creates.
 *
 * @example maxCostOfQuote(quote, { name: 'normal' }) // 52500000000000n
 */
export function maxCostOfQuote(quote: SendQuote, choice: FeeChoice = { name: 'normal' }): bigint {
  if (quote.namespace === 'solana') return BigInt(quote.fee) + BigInt(quote.rent)
  return BigInt(chooseFee(quote.market, choice).costWei)
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
  const { transaction, fees } = await fillTransaction({
    request,
    chainId: BigInt(chainId.slice(chainId.indexOf(':') + 1)),
    call,
  })
  return { namespace: 'eip155', gas: transaction.gas, market: fees.market }
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
    namespace: 'solana',
    fee: String(fee),
    rent: rentLamports.toString(),
    createsAccount: built.createsAccount,
  }
}

/**
 * Quotes a send as the confirmation will show it (DESIGN §9): on EVM the gas the confirmation
 * estimates and the fee presets for it (EIP-1559, or `gasPrice` where the chain has no base fee),
 * on Solana the transaction built and its fee asked of the node, with the rent of a token account
 * it creates. Node errors are thrown.
 */
export function quoteSend(parameters: QuoteSendParameters): Promise<SendQuote> {
  return parameters.namespace === 'eip155' ? quoteEvm(parameters) : quoteSolana(parameters)
}
