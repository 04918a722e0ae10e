import type { Address } from 'viem'
import { decodeFunctionData, erc20Abi, formatEther, formatUnits, type Hex } from 'viem'
import { type FilledTransaction, maxCostOf } from '../eth/fillTransaction.ts'
import type { TokenInfo } from '../eth/readTokenInfo.ts'

/** An allowance at or above this many base units is "unlimited": no real token supply comes near. */
export const unlimitedAllowance = 2n ** 128n

/** An amount of a token, in base units and as the user reads it. */
export type TokenAmount = { raw: string; formatted: string; symbol: string }

/** An ERC-20 call the window spells out. */
export type DecodedCall =
  | { name: 'transfer'; to: Address; amount: TokenAmount }
  | { name: 'approve'; spender: Address; amount: TokenAmount; unlimited: boolean }

/** What the confirmation window shows of one transaction (all values JSON-safe strings). */
export type TransactionPreview = {
  from: Address
  to: Address | null
  /** `creation`: no `to`, the data deploys a contract. */
  toKind: 'contract' | 'account' | 'creation'
  value: { wei: string; ether: string }
  /** The first four bytes of the data, when there is a call. */
  selector: Hex | null
  decoded: DecodedCall | null
  gasLimit: string
  /** The fee per gas the user pays at most: `maxFeePerGas` (EIP-1559) or `gasPrice` (legacy), in gwei. */
  maxFeePerGasGwei: string
  feeKind: FilledTransaction['type']
  /** Gas limit × max fee, in ether. */
  maxFeeEther: string
  /** Value + max fee, in ether. */
  totalMaxCostEther: string
  /** The node could not estimate gas: the gas limit is the fallback, and here is why. */
  estimateError: string | null
}

/** `raw` base units of `token` as the user reads them (raw units when the token did not say). */
export const tokenAmount = (raw: bigint, token: TokenInfo | undefined): TokenAmount =>
  token
    ? { raw: raw.toString(), formatted: formatUnits(raw, token.decimals), symbol: token.symbol }
    : { raw: raw.toString(), formatted: raw.toString(), symbol: 'units' }

/** ERC-20 `transfer`/`approve` in the data, decoded; null for any other call. */
export function decodeTokenCall(data: Hex, token: TokenInfo | undefined): DecodedCall | null {
  if (data.length < 10) return null
  let decoded: ReturnType<typeof decodeFunctionData<typeof erc20Abi>>
  try {
    decoded = decodeFunctionData({ abi: erc20Abi, data })
  } catch {
    // Not an ERC-20 call: the window shows the selector and the raw data.
    return null
  }
  if (decoded.functionName === 'transfer') {
    const [to, amount] = decoded.args
    return { name: 'transfer', to, amount: tokenAmount(amount, token) }
  }
  if (decoded.functionName === 'approve') {
    const [spender, amount] = decoded.args
    return {
      name: 'approve',
      spender,
      amount: tokenAmount(amount, token),
      unlimited: amount >= unlimitedAllowance,
    }
  }
  return null
}

const gwei = (wei: bigint): string => formatUnits(wei, 9)

/**
 * The preview model of a filled transaction: recipient (a contract when `toCode` is not empty), value
 * in ether, the call's selector and, for ERC-20 `transfer`/`approve`, its decoded arguments (an
 * unlimited approval called out), gas limit, max fee and the total maximum cost.
 *
 * @example describeTransaction({ transaction, toCode: '0x', token: undefined }).totalMaxCostEther // '1.000042'
 */
export function describeTransaction(parameters: {
  transaction: FilledTransaction
  /** `eth_getCode` of `to` at the latest block. */
  toCode: Hex | undefined
  /** The token's symbol and decimals when `to` is an ERC-20 token. */
  token?: TokenInfo
}): TransactionPreview {
  const { transaction, toCode, token } = parameters
  const { fee, total } = maxCostOf(transaction)
  const to = transaction.to ?? null
  const hasCode = toCode !== undefined && toCode !== '0x' && toCode !== '0x0'
  const data = transaction.data
  return {
    from: transaction.from,
    to,
    toKind: to === null ? 'creation' : hasCode ? 'contract' : 'account',
    value: {
      wei: BigInt(transaction.value).toString(),
      ether: formatEther(BigInt(transaction.value)),
    },
    selector: data.length >= 10 ? (data.slice(0, 10) as Hex) : null,
    decoded: to !== null && hasCode ? decodeTokenCall(data, token) : null,
    gasLimit: BigInt(transaction.gas).toString(),
    maxFeePerGasGwei: gwei(BigInt(transaction.maxFeePerGas ?? transaction.gasPrice ?? '0x0')),
    feeKind: transaction.type,
    maxFeeEther: formatEther(fee),
    totalMaxCostEther: formatEther(total),
    estimateError: transaction.estimateError?.message ?? null,
  }
}
