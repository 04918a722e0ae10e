import { useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { StandingApproval } from '../../../core/wallet/approvals/findStandingApprovals.ts'
import type { TokenDelegate } from '../../../core/wallet/approvals/findTokenDelegates.ts'
import { Amount } from '../../components/Amount.tsx'
import { ErrorText, FieldError } from '../../components/Layout.tsx'
import { type ApprovalScope, rowKeyOf, spenderIdOf, useApprovals } from '../../stores/approvals.ts'

const kindNames: Record<(StandingApproval | TokenDelegate)['kind'], string> = {
  erc20: 'Token allowance',
  operator: 'All items of a collection',
  permit2: 'Permit2 allowance',
  delegate: 'Token account delegate',
}

/** What one approval lets its spender take, in words. */
function Allows({ approval }: { approval: StandingApproval | TokenDelegate }) {
  if (approval.kind === 'delegate') {
    // The wallet reads no symbol for Solana tokens (as on Send): the mint names the token.
    return (
      <span>
        <Amount value={approval.amount} decimals={approval.decimals} symbol="units" /> of the token{' '}
        <code>{approval.mint}</code> from the token account <code>{approval.account}</code>
      </span>
    )
  }
  if (approval.kind === 'operator') {
    return (
      <span>
        every item of <code>{approval.contract}</code>
      </span>
    )
  }
  const token = approval.kind === 'permit2' ? approval.token : approval.contract
  return (
    <span>
      {approval.unlimited ? (
        <em className="tag">Unlimited {approval.tokenInfo?.symbol ?? 'units'}</em>
      ) : approval.tokenInfo ? (
        <Amount
          value={approval.amount}
          decimals={approval.tokenInfo.decimals}
          symbol={approval.tokenInfo.symbol}
        />
      ) : (
        `${approval.amount} units`
      )}{' '}
      of the token <code>{token}</code>
      {approval.expiration === undefined
        ? null
        : `, until ${new Date(approval.expiration * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`}
    </span>
  )
}

/**
 * The approval manager (DESIGN §11): the account's standing approvals on the networks shown (the
 * EVM network and, for its Solana address, the Solana network), each with what it allows and its
 * Revoke (`approval-row-<spender>`, `approval-revoke-<spender>`; `spenderIdOf`), and under it why
 * a sent revoke did not end the approval (`approval-revoke-<spender>-error`).
 */
export function Approvals({ scopes }: { scopes: ApprovalScope[] }) {
  const { rows, revoking, sent, error, revokeFailure, load, revoke } = useApprovals(
    useShallow((state) => ({
      rows: state.rows,
      revoking: state.revoking,
      sent: state.revoking !== undefined && state.requestId === undefined,
      error: state.error,
      revokeFailure: state.revokeFailure,
      load: state.load,
      revoke: state.revoke,
    })),
  )
  useEffect(() => {
    void load(scopes)
  }, [load, scopes])

  return (
    <section className="stack" aria-label="Approvals">
      <h2>Approvals</h2>
      <p className="hint">
        Contracts and keys this account lets spend its tokens, found on each network's own node.
        Revoking sends a transaction you confirm.
      </p>
      {rows === undefined ? <p className="muted">Reading the chain…</p> : null}
      {rows?.length === 0 ? <p className="muted">No standing approvals.</p> : null}
      <ul className="stack">
        {rows?.map((row) => {
          const { approval } = row
          const spender = spenderIdOf(approval)
          return (
            <li key={rowKeyOf(row)} data-testid={`approval-row-${spender}`}>
              <strong>{kindNames[approval.kind]}</strong>
              <div>
                Spender <code>{approval.spender}</code>
              </div>
              <div>
                Allows <Allows approval={approval} />
              </div>
              <button
                type="button"
                className="danger small"
                data-testid={`approval-revoke-${spender}`}
                disabled={revoking !== undefined}
                onClick={() => void revoke(row)}
              >
                {revoking !== spender
                  ? 'Revoke'
                  : sent
                    ? 'Revoke sent, waiting for its block…'
                    : 'Confirm in the window…'}
              </button>
              <FieldError
                error={revokeFailure?.row === rowKeyOf(row) ? revokeFailure.message : undefined}
                testId={`approval-revoke-${spender}`}
              />
            </li>
          )
        })}
      </ul>
      <ErrorText error={error} />
    </section>
  )
}
