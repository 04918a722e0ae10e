import { viewOf, type WarningRule, type WarningSubject } from './warningRule.ts'

/** The token a confirmation lets someone take without limit, or `undefined` when none. */
function unlimitedTokenOf(subject: WarningSubject): string | undefined {
  const transaction = viewOf(subject, 'transaction')
  const calls = viewOf(subject, 'calls')
  const previews = transaction ? [transaction.preview] : (calls?.previews ?? [])
  for (const { decoded } of previews) {
    if (decoded?.name === 'approve' && decoded.unlimited) return decoded.amount.symbol
  }
  // A permit as the worker spelled it out: only its declared fields, its tokens read from the chain.
  const permit = viewOf(subject, 'eth_signTypedData_v4')?.permit
  const endless = permit?.allowances.find((allowance) => allowance.unlimited)
  if (endless) {
    const { amount, token } = endless
    return amount.symbol === 'units' ? token : amount.symbol
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
