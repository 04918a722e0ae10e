import type { Json, RpcErrorObject } from '../rpc/types.ts'
import { bumpFeeMarket } from './fees/bumpFeeMarket.ts'
import type { FeeChoice } from './fees/chooseFee.ts'
import type { FeeFields } from './fees/feeOption.ts'
import { offerFees, type TransactionFees } from './fees/offerFees.ts'
import { readFeeMarket } from './fees/readFeeMarket.ts'
import type { Quantity } from './hex.ts'
import { NodeAnswerError, type NodeCall, nodeResult } from './nodeCall.ts'
import type { TransactionRequest } from './parseTransactionParams.ts'
import { readQuantity, toQuantity } from './quantity.ts'

/** The estimate is raised by this share (percent) so a slightly different state still fits. */
export const gasMarginPercent = 20n
/**
 * The gas limit shown and used when the node cannot estimate (the call reverts): enough for any
 * ordinary token or contract call, so the user sees a real upper bound of what a revert would cost.
 */
export const fallbackGasLimit = 1_000_000n

/** A transaction with every field set, ready to sign (JSON values only: it is stored as is). */
export type FilledTransaction = Omit<TransactionRequest, 'gas' | 'nonce'> & {
  chainId: Quantity
  gas: Quantity
  nonce: Quantity
  /** `legacy` carries `gasPrice`; `eip1559` carries `maxFeePerGas` and `maxPriorityFeePerGas`. */
  type: 'legacy' | 'eip1559'
  /** The node's error when it could not estimate gas (a revert): `gas` is then `fallbackGasLimit`. */
  estimateError?: RpcErrorObject
}

const quantityOf = (method: string, value: Json): bigint => {
  const number = readQuantity(value)
  if (number === undefined) {
    throw new NodeAnswerError(method, {
      code: -32603,
      message: `the node answered ${method} with something that is not a quantity`,
    })
  }
  return number
}

/** The call as `eth_estimateGas` takes it (the fees left out: the estimate is about gas only). */
const estimateCall = (request: TransactionRequest): Record<string, Json> => {
  const call: Record<string, Json> = {
    from: request.from,
    value: request.value,
    data: request.data,
  }
  if (request.to !== undefined) call.to = request.to
  if (request.accessList !== undefined) call.accessList = request.accessList
  return call
}

/**
 * Gas: the dapp's `gas` if it gave one, else `eth_estimateGas` plus `gasMarginPercent`. An estimate
 * the node refuses (the call reverts, or the account cannot pay) does not stop the request: the
 * window shows why with `fallbackGasLimit`, and the user decides.
 */
async function fillGas(
  call: NodeCall,
  request: TransactionRequest,
): Promise<{ gas: Quantity; estimateError?: RpcErrorObject }> {
  if (request.gas !== undefined) return { gas: request.gas }
  const answer = await call('eth_estimateGas', [estimateCall(request)])
  if ('error' in answer) return { gas: toQuantity(fallbackGasLimit), estimateError: answer.error }
  const estimate = quantityOf('eth_estimateGas', answer.result)
  return { gas: toQuantity(estimate + (estimate * gasMarginPercent + 99n) / 100n) }
}

/** A filled transaction and the fee choice its confirmation offers. */
export type FilledWithFees = { transaction: FilledTransaction; fees: TransactionFees }

/**
 * Completes a transaction request for signing: `chainId` from the scope, `nonce` from the pending
 * count of `from` (`eth_getTransactionCount [from, 'pending']`, so it follows transactions still in
 * the pool), gas (see `fillGas`), and the fee offer on the chain's market (`readFeeMarket` for that
 * gas, `offerFees`): the transaction starts with the offer's default fee — the preset or custom fee
 * the owner picked on the send screen, the dapp's own fields, or `normal` — or `normal` when the dapp's own is refused (the window shows why). The signed fee is
 * the user's choice of the offer. A node error on the nonce or the fees is thrown as
 * `NodeAnswerError` (relayed verbatim to the page).
 *
 * @example await fillTransaction({ request: { from, to, value: '0x1', data: '0x' }, chainId: 31337n, call })
 * // { transaction: { ..., chainId: '0x7a69', nonce: '0x0', gas: '0x6720', type: 'eip1559', … }, fees: { market, choice: 'normal', … } }
 */
export async function fillTransaction(parameters: {
  request: TransactionRequest
  chainId: bigint
  call: NodeCall
  /** The nonce to use instead of the node's pending count (the next call of a batch). */
  nonce?: bigint
  /** The fees of the pending transaction this one replaces: its market is `bumpFeeMarket`'s. */
  replacing?: FeeFields
  /** The fee the wallet's owner picked on the send screen: the offer starts on it (`offerFees`). */
  picked?: FeeChoice
}): Promise<FilledWithFees> {
  const { request, chainId, call, replacing, picked } = parameters
  const [nonce, gas] = await Promise.all([
    request.nonce ??
      (parameters.nonce !== undefined
        ? toQuantity(parameters.nonce)
        : nodeResult(call, 'eth_getTransactionCount', [request.from, 'pending']).then((count) =>
            toQuantity(quantityOf('eth_getTransactionCount', count)),
          )),
    fillGas(call, request),
  ])
  const market = await readFeeMarket(call, BigInt(gas.gas))
  const { fee, ...fees } = offerFees(
    request,
    replacing === undefined ? market : bumpFeeMarket(market, replacing),
    picked,
  )
  const { gasPrice, maxFeePerGas, maxPriorityFeePerGas, ...rest } = request
  return {
    transaction: {
      ...rest,
      ...(fee ?? fees.market.presets.normal.fee),
      ...gas,
      chainId: toQuantity(chainId),
      nonce,
    },
    fees,
  }
}

/**
 * `transaction` with `fee` as its fee fields (and type) in place of its own: what is signed once the
 * user picked a fee.
 */
export function withFee(transaction: FilledTransaction, fee: FeeFields): FilledTransaction {
  const { gasPrice, maxFeePerGas, maxPriorityFeePerGas, ...unpriced } = transaction
  return { ...unpriced, ...fee }
}

/** The most the transaction can cost: gas limit × (max fee or gas price) + value, in wei. */
export function maxCostOf(transaction: FilledTransaction): { fee: bigint; total: bigint } {
  const price = BigInt(transaction.maxFeePerGas ?? transaction.gasPrice ?? '0x0')
  const fee = BigInt(transaction.gas) * price
  return { fee, total: fee + BigInt(transaction.value) }
}
