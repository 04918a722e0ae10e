import { useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { ChainId } from '../../../core/caip/types.ts'
import type { StandingApproval } from '../../../core/wallet/approvals/findStandingApprovals.ts'
import { Amount } from '../../components/Amount.tsx'
import { ErrorText } from '../../components/Layout.tsx'
import { useApprovals } from '../../stores/approvals.ts'

const kindNames: Record<StandingApproval['kind'], string> = {
  erc20: 'Token allowance',
  operator: 'All items of a collection',
  permit2: 'Permit2 allowance',
}

/** What one approval lets its spender take, in words. */
function Allows({ approval }: { approval: StandingApproval }) {
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
 * The approval manager (DESIGN §11): the account's standing approvals on the network shown, each
 * with what it allows and its Revoke (`approval-row-<spender>`, `approval-revoke-<spender>`).
 */
export function Approvals({ chainId, owner }: { chainId: ChainId; owner: string }) {
  const { approvals, revoking, error, load, revoke } = useApprovals(
    useShallow((state) => ({
      approvals: state.approvals,
      revoking: state.revoking,
      error: state.error,
      load: state.load,
      revoke: state.revoke,
    })),
  )
  useEffect(() => {
    void load(chainId, owner)
  }, [load, chainId, owner])

  return (
    <section className="stack" aria-label="Approvals">
      <h2>Approvals</h2>
      <p className="hint">
        Contracts this account lets spend its tokens, found on this network's own node. Revoking
        sends a transaction you confirm.
      </p>
      {approvals === undefined ? <p className="muted">Reading the chain…</p> : null}
      {approvals?.length === 0 ? <p className="muted">No standing approvals.</p> : null}
      <ul className="stack">
        {approvals?.map((approval) => {
          const spender = approval.spender.toLowerCase()
          return (
            <li
              key={`${approval.kind}:${approval.contract}:${spender}`}
              data-testid={`approval-row-${spender}`}
            >
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
                onClick={() => void revoke(approval)}
              >
                {revoking === spender ? 'Confirm in the window…' : 'Revoke'}
              </button>
            </li>
          )
        })}
      </ul>
      <ErrorText error={error} />
    </section>
  )
}
