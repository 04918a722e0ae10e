import type { Json } from '../../rpc/types.ts'
import { unlimitedAllowance } from '../describeTransaction.ts'
import { viewOf, type WarningRule, type WarningSubject } from './warningRule.ts'

/** Whether a typed-data amount (a uint as a decimal or hex string, or a number) is unlimited. */
const isUnlimitedAmount = (value: Json | undefined): boolean =>
  typeof value === 'string' && /^(0x[0-9a-f]+|[0-9]+)$/i.test(value)
    ? BigInt(value) >= unlimitedAllowance
    : typeof value === 'number' && value >= Number(unlimitedAllowance)

const isObject = (value: Json | undefined): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The token a confirmation lets someone take without limit, or `undefined` when none. */
function unlimitedTokenOf(subject: WarningSubject): string | undefined {
  const transaction = viewOf(subject, 'transaction')
  const calls = viewOf(subject, 'calls')
  const previews = transaction ? [transaction.preview] : (calls?.previews ?? [])
  for (const { decoded } of previews) {
    if (decoded?.name === 'approve' && decoded.unlimited) return decoded.amount.symbol
  }
  const typedData = viewOf(subject, 'eth_signTypedData_v4')?.typedData
  if (!typedData) return undefined
  const { primaryType, message, domain } = typedData
  const token = typeof domain.name === 'string' ? domain.name : 'tokens'
  // EIP-2612 `Permit` (value), DAI's `Permit` (allowed), Permit2's single and batch `details`.
  if (primaryType === 'Permit' && (isUnlimitedAmount(message.value) || message.allowed === true)) {
    return token
  }
  const details = Array.isArray(message.details) ? message.details : [message.details]
  const permit2 = primaryType === 'PermitSingle' || primaryType === 'PermitBatch'
  if (permit2 && details.some((detail) => isObject(detail) && isUnlimitedAmount(detail.amount))) {
    return token
  }
  return undefined
}

/**
 * `unlimited` (warn): an ERC-20 approval (a transaction or a call of a batch) or a signed permit
 * for the maximum amount — the spender can take all of the token, now and later.
 */
export const unlimited: WarningRule = (subject) => {
  const token = unlimitedTokenOf(subject)
  if (token === undefined) return undefined
  return {
    kind: 'unlimited',
    level: 'warn',
    message: `Unlimited approval: the spender can take all your ${token.slice(0, 64)}, now and later, until you revoke it.`,
  }
}
