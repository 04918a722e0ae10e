import { formatUnits, parseUnits } from 'viem'

/**
 * What the send screen says of the amount typed so far (DESIGN §9): `empty` (nothing shown),
 * `invalid` with the reason (`send-error`), or `valid` with the amount in base units.
 */
export type AmountCheck =
  | { kind: 'empty' }
  | { kind: 'invalid'; message: string }
  | { kind: 'valid'; amount: bigint }

export type CheckSendAmountParameters = {
  /** The text in the amount field, in the asset's units (`1.5` ETH). */
  input: string
  decimals: number
  symbol: string
  /** What the account holds of the asset (base units); undefined while it is being read. */
  balance: bigint | undefined
  /**
   * For the native coin: the most the fee can cost (base units), which the balance must cover on
   * top of the amount. Zero for a token (its fee is paid in the native coin).
   */
  maxFee: bigint
}

const decimalPattern = /^(\d+)(\.(\d*))?$|^\.(\d+)$/

/**
 * Checks the amount as the user types it (pure; the worker runs it again): a plain decimal number
 * of at most the asset's decimals, above zero, within the balance, and — for the native coin —
 * within the balance once the maximum fee is paid.
 *
 * @example
 * checkSendAmount({ input: '1.5', decimals: 18, symbol: 'ETH', balance: 10n ** 19n, maxFee: 0n })
 * // { kind: 'valid', amount: 1500000000000000000n }
 */
export function checkSendAmount({
  input,
  decimals,
  symbol,
  balance,
  maxFee,
}: CheckSendAmountParameters): AmountCheck {
  const text = input.trim()
  if (text === '') return { kind: 'empty' }
  const match = decimalPattern.exec(text)
  if (!match)
    return { kind: 'invalid', message: 'Not an amount: digits, and a point for decimals.' }
  const fraction = match[3] ?? match[4] ?? ''
  if (fraction.length > decimals) {
    return { kind: 'invalid', message: `${symbol} has at most ${decimals} decimals.` }
  }
  const amount = parseUnits(text.startsWith('.') ? `0${text}` : text, decimals)
  if (amount === 0n) return { kind: 'invalid', message: 'The amount must be more than zero.' }
  if (balance === undefined) return { kind: 'valid', amount }
  if (amount > balance) {
    return {
      kind: 'invalid',
      message: `More than the balance: ${formatUnits(balance, decimals)} ${symbol}.`,
    }
  }
  if (amount + maxFee > balance) {
    return {
      kind: 'invalid',
      message: `The amount and the maximum fee (${formatUnits(maxFee, decimals)} ${symbol}) are more than the balance: at most ${formatUnits(maxSendable(balance, maxFee), decimals)} ${symbol}.`,
    }
  }
  return { kind: 'valid', amount }
}

/**
 * The most of the native coin the account can send (`send-max`): its balance less the maximum
 * fee, or zero when the fee alone is more than the balance.
 *
 * @example maxSendable(10n ** 18n, 21_000n * 2_000_000_000n) // 999958000000000000n
 */
export const maxSendable = (balance: bigint, maxFee: bigint): bigint =>
  balance > maxFee ? balance - maxFee : 0n
