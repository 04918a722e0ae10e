import { useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { ErrorText, Layout } from '../../components/Layout.tsx'
import { accountName } from '../../format/accountLabel.ts'
import { useConfirmations } from '../../stores/confirmations.ts'
import { useWallet } from '../../stores/wallet.ts'
import { confirmationKinds } from './kinds.tsx'
import { Field, FullAddress, Notice } from './parts.tsx'

/** Storage keys whose change means the queue changed (a request came, or was answered elsewhere). */
const isQueueKey = (key: string): boolean => key.startsWith('confirmation:')

/**
 * The confirmation window (DESIGN §3): every pending request across origins, one at a time, with
 * who asks, on which chain, for which account, and exactly what is signed or sent.
 */
export function Confirmation() {
  const { items, shownId, busy, error, lastAnswer } = useConfirmations(
    useShallow((state) => ({
      items: state.items,
      shownId: state.shownId,
      busy: state.busy,
      error: state.error,
      lastAnswer: state.lastAnswer,
    })),
  )
  const { load, next, answer } = useConfirmations(
    useShallow((state) => ({ load: state.load, next: state.next, answer: state.answer })),
  )
  const accounts = useWallet((state) => state.accounts)

  useEffect(() => {
    void load()
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'session' && Object.keys(changes).some(isQueueKey)) void load()
    }
    chrome.storage.onChanged.addListener(onChanged)
    return () => chrome.storage.onChanged.removeListener(onChanged)
  }, [load])

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
  const accountIndex = accounts.findIndex(
    (address) => address.toLowerCase() === account?.toLowerCase(),
  )
  const risky = kind?.risky(shown.view) ?? false
  return (
    <Layout
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
          <button
            type="button"
            className={risky ? 'primary' : undefined}
            data-testid="confirm-reject"
            disabled={busy}
            onClick={() => answer(false)}
          >
            Reject
          </button>
          <button
            type="button"
            className={risky ? 'danger' : 'primary'}
            data-testid="confirm-approve"
            disabled={busy || !kind}
            onClick={() => answer(true)}
          >
            {risky
              ? `${kind?.approveLabel ?? 'Approve'} anyway`
              : (kind?.approveLabel ?? 'Approve')}
          </button>
        </div>
      }
    >
      <div className="card confirm-site">
        <span className="origin" data-testid="confirm-origin">
          {shown.origin}
        </span>
        {kind ? <span className="lead">{kind.lead(shown.view)}</span> : null}
        <span className="hint" data-testid="confirm-chain">
          {shown.chainName} · {shown.chainId}
        </span>
      </div>
      {account ? (
        <Field
          label={accountIndex >= 0 ? accountName(accountIndex) : 'Account'}
          testId="confirm-account"
        >
          <FullAddress address={account} />
        </Field>
      ) : null}
      {kind ? (
        kind.body(shown.view, { chainName: shown.chainName })
      ) : (
        <Notice tone="warning">This wallet cannot show a request of kind {shown.kind}.</Notice>
      )}
      <ErrorText error={error} />
    </Layout>
  )
}
