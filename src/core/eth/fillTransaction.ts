import { isObject } from '@metamask/utils'
import type { Json, RpcErrorObject } from '../rpc/types.ts'
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

/** The next block's base fee from `eth_feeHistory`, or undefined on a chain without EIP-1559. */
async function nextBaseFee(call: NodeCall): Promise<bigint | undefined> {
  const history = await nodeResult(call, 'eth_feeHistory', ['0x1', 'latest', []])
  if (!isObject(history)) return undefined
  const fees = history.baseFeePerGas
  if (!Array.isArray(fees) || fees.length === 0) return undefined
  const last = fees[fees.length - 1]
  return last === undefined || last === null ? undefined : quantityOf('eth_feeHistory', last)
}

type Fees = Pick<FilledTransaction, 'type' | 'gasPrice' | 'maxFeePerGas' | 'maxPriorityFeePerGas'>

/**
 * Fees: a legacy `gasPrice` the dapp gave is kept; otherwise EIP-1559 with the node's suggested tip
 * (`eth_maxPriorityFeePerGas`) and a max fee of twice the next base fee plus the tip, so the
 * transaction stays includable through several full blocks. A chain without base fee gets a legacy
 * `eth_gasPrice`. Fields the dapp set are never changed.
 */
async function fillFees(call: NodeCall, request: TransactionRequest): Promise<Fees> {
  if (request.gasPrice !== undefined) return { type: 'legacy', gasPrice: request.gasPrice }
  if (request.maxFeePerGas !== undefined && request.maxPriorityFeePerGas !== undefined) {
    return {
      type: 'eip1559',
      maxFeePerGas: request.maxFeePerGas,
      maxPriorityFeePerGas: request.maxPriorityFeePerGas,
    }
  }
  const baseFee = await nextBaseFee(call)
  if (baseFee === undefined && request.maxFeePerGas === undefined) {
    const gasPrice = quantityOf('eth_gasPrice', await nodeResult(call, 'eth_gasPrice', []))
    return { type: 'legacy', gasPrice: toQuantity(gasPrice) }
  }
  const suggestedTip =
    request.maxPriorityFeePerGas !== undefined
      ? BigInt(request.maxPriorityFeePerGas)
      : quantityOf(
          'eth_maxPriorityFeePerGas',
          await nodeResult(call, 'eth_maxPriorityFeePerGas', []),
        )
  if (request.maxFeePerGas !== undefined) {
    const maxFee = BigInt(request.maxFeePerGas)
    const tip = suggestedTip > maxFee ? maxFee : suggestedTip
    return {
      type: 'eip1559',
      maxFeePerGas: request.maxFeePerGas,
      maxPriorityFeePerGas: toQuantity(tip),
    }
  }
  return {
    type: 'eip1559',
    maxFeePerGas: toQuantity(2n * (baseFee ?? 0n) + suggestedTip),
    maxPriorityFeePerGas: toQuantity(suggestedTip),
  }
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

/**
 * Completes a transaction request for signing: `chainId` from the scope, `nonce` from the pending
 * count of `from` (`eth_getTransactionCount [from, 'pending']`, so it follows transactions still in
 * the pool), gas and fees (see `fillGas`, `fillFees`). What the dapp set is kept. A node error on
 * the nonce or the fees is thrown as `NodeAnswerError` (relayed verbatim to the page).
 *
 * @example await fillTransaction({ request: { from, to, value: '0x1', data: '0x' }, chainId: 31337n, call })
 * // { ..., chainId: '0x7a69', nonce: '0x0', gas: '0x6720', type: 'eip1559', maxFeePerGas: '0x…', … }
 */
export async function fillTransaction(parameters: {
  request: TransactionRequest
  chainId: bigint
  call: NodeCall
  /** The nonce to use instead of the node's pending count (the next call of a batch). */
  nonce?: bigint
}): Promise<FilledTransaction> {
  const { request, chainId, call } = parameters
  const nonce =
    request.nonce ??
    (parameters.nonce !== undefined
      ? toQuantity(parameters.nonce)
      : toQuantity(
          quantityOf(
            'eth_getTransactionCount',
            await nodeResult(call, 'eth_getTransactionCount', [request.from, 'pending']),
          ),
        ))
  const [fees, gas] = await Promise.all([fillFees(call, request), fillGas(call, request)])
  const { gasPrice, maxFeePerGas, maxPriorityFeePerGas, ...rest } = request
  return { ...rest, ...fees, ...gas, chainId: toQuantity(chainId), nonce }
}

/** The most the transaction can cost: gas limit × (max fee or gas price) + value, in wei. */
export function maxCostOf(transaction: FilledTransaction): { fee: bigint; total: bigint } {
  const price = BigInt(transaction.maxFeePerGas ?? transaction.gasPrice ?? '0x0')
  const fee = BigInt(transaction.gas) * price
  return { fee, total: fee + BigInt(transaction.value) }
}
