import { type KeyboardEvent, useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { unacknowledgedBlocks } from '../../../core/wallet/warnings/warning.ts'
import { ErrorText, Layout } from '../../components/Layout.tsx'
import { useReadToEnd } from '../../hooks/useReadToEnd.ts'
import { useConfirmations } from '../../stores/confirmations.ts'
import { useWallet } from '../../stores/wallet.ts'
import { confirmationKinds } from './kinds.tsx'
import { Field, FullAddress, Notice } from './parts.tsx'
import { Warnings } from './Warnings.tsx'

/**
 * A key that activates a button (Enter, Space) begins a press, as a pointer down does; a key held
 * down (its repeats) begins none, so it cannot go on to answer the next request too.
 */
function pressByKey(event: KeyboardEvent, press: () => void): void {
  if (!event.repeat && (event.key === 'Enter' || event.key === ' ')) press()
}

/**
 * The confirmation window (DESIGN §3): every pending request across origins, one at a time, with
 * who asks, on which chain, for which account, and exactly what is signed or sent.
 */
export function Confirmation() {
  const { items, shownId, continuedId, originChanged, armed, busy, error, lastAnswer, feeRefused } =
    useConfirmations(
      useShallow((state) => ({
        feeRefused: state.fee?.check?.ok === false,
        items: state.items,
        shownId: state.shownId,
        continuedId: state.continuedId,
        originChanged: state.originChanged,
        armed: state.armed,
        busy: state.busy,
        error: state.error,
        lastAnswer: state.lastAnswer,
      })),
    )
  const { load, next, press, answer, continuePastWarnings } = useConfirmations(
    useShallow((state) => ({
      load: state.load,
      next: state.next,
      press: state.press,
      answer: state.answer,
      continuePastWarnings: state.continuePastWarnings,
    })),
  )
  const { accounts, addresses, names } = useWallet(
    useShallow((state) => ({
      accounts: state.accounts,
      addresses: state.addresses,
      names: state.names,
    })),
  )

  // The window's start asked for the queue (`openConfirmationWindow`) and follows its changes; a
  // window opened locked has none yet when the user unlocks it.
  useEffect(() => {
    if (useConfirmations.getState().items === undefined) void load()
  }, [load])
  const shownKind = items?.find((item) => item.id === shownId)?.kind ?? ''
  const reading = useReadToEnd(confirmationKinds[shownKind]?.readToEnd === true, shownId)

  if (items === undefined) return <Layout title="Confirm">Loading…</Layout>
  const index = items.findIndex((item) => item.id === shownId)
  const shown = items[index]
  if (!shown) {
    return (
      <Layout title="Confirm">
        <p className="lead" role="status" data-testid="confirm-done">
          {lastAnswer === 'approved'
            ? 'Done.'
            : lastAnswer === 'rejected'
              ? 'Request rejected.'
              : 'Nothing is waiting for your confirmation.'}
        </p>
        <ErrorText error={error} />
      </Layout>
    )
  }

  const kind = confirmationKinds[shown.kind]
  const account = kind?.account(shown.view)
  /** The account's position in the wallet: its 0x key in any case, or its address elsewhere exactly. */
  const accountIndex = [
    accounts.findIndex((address) => address.toLowerCase() === account?.toLowerCase()),
    ...Object.values(addresses).map((list) => (account ? list.indexOf(account) : -1)),
  ].find((index) => index >= 0)
  // The worker's verdicts, as it sent them: a warning makes Reject the highlighted choice, and a
  // block keeps Approve disabled until the user steps past it.
  const risky = shown.warnings.some(({ level }) => level !== 'info')
  const continued = continuedId === shown.id || unacknowledgedBlocks(shown.warnings).length === 0
  const approvable =
    continued && reading.read && (kind?.approvable?.(shown.view, shown.progress) ?? true)
  return (
    <Layout
      mainRef={reading.ref}
      onMainScroll={reading.onScroll}
      title={kind?.title(shown.view) ?? 'Confirm'}
      actions={
        <div className="queue">
          <span data-testid="confirm-queue-position">
            {index + 1} of {items.length}
          </span>
          {items.length > 1 ? (
            <button type="button" className="small" data-testid="confirm-queue-next" onClick={next}>
              Next ›
            </button>
          ) : null}
        </div>
      }
      footer={
        <div className="row">
          {reading.read ? null : (
            <span className="hint" data-testid="confirm-read-to-end">
              Scroll to the end to {(kind?.approveLabel ?? 'approve').toLowerCase()}
            </span>
          )}
          <button
            type="button"
            className={risky ? 'primary' : undefined}
            data-testid="confirm-reject"
            disabled={busy || !armed}
            onPointerDown={press}
            onKeyDown={(event) => pressByKey(event, press)}
            onClick={() => answer(false)}
          >
            Reject
          </button>
          <button
            type="button"
            className={risky ? 'danger' : 'primary'}
            data-testid="confirm-approve"
            disabled={busy || !armed || !kind || !approvable || feeRefused}
            onPointerDown={press}
            onKeyDown={(event) => pressByKey(event, press)}
            onClick={() => answer(true)}
          >
            {risky
              ? `${kind?.approveLabel ?? 'Approve'} anyway`
              : (kind?.approveLabel ?? 'Approve')}
          </button>
        </div>
      }
    >
      {originChanged ? (
        <Notice tone="warning">
          <span data-testid="confirm-next-origin">Next: a request from {shown.origin}</span>
        </Notice>
      ) : null}
      <div className="card confirm-site">
        <span className="origin" data-testid="confirm-origin">
          {shown.origin}
        </span>
        {kind ? <span className="lead">{kind.lead(shown.view)}</span> : null}
        <span className="hint" data-testid="confirm-chain">
          {shown.chainName} · {shown.chainId}
        </span>
      </div>
      <Warnings
        warnings={shown.warnings}
        continued={continued}
        canContinue={armed && !busy}
        onContinue={continuePastWarnings}
      />
      {account ? (
        <Field
          label={(accountIndex === undefined ? undefined : names[accountIndex]) ?? 'Account'}
          testId="confirm-account"
        >
          <FullAddress address={account} />
        </Field>
      ) : null}
      {kind ? (
        kind.body(shown.view, {
          id: shown.id,
          chainName: shown.chainName,
          progress: shown.progress,
        })
      ) : (
        <Notice tone="warning">This wallet cannot show a request of kind {shown.kind}.</Notice>
      )}
      <ErrorText error={error} />
    </Layout>
  )
}
