import { useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { shownAddress, shownAddressId } from '../../../core/wallet/accountsIn.ts'
import { AddressLabel } from '../../components/AddressLabel.tsx'
import { ErrorText, Layout } from '../../components/Layout.tsx'
import { NamespaceAddresses } from '../../components/NamespaceAddresses.tsx'
import { countOf } from '../../format/countOf.ts'
import { canApprove, useApproval } from '../../stores/approval.ts'
import { useWallet } from '../../stores/wallet.ts'
import { PhishingWarning } from './PhishingWarning.tsx'

/** DESIGN §4 step 6: who asks, which chains (with their methods) and which accounts to share. */
export function Approval({ id }: { id: string }) {
  const wallet = useWallet(
    useShallow((state) => ({ accounts: state.accounts, addresses: state.addresses })),
  )
  const {
    approval,
    chains,
    chosenAccounts,
    busy,
    approvable,
    error,
    answered,
    load,
    continueToSite,
    approve,
    reject,
    toggleChain,
    toggleAccount,
    close,
  } = useApproval(
    useShallow((state) => ({
      approval: state.approval,
      chains: state.chains,
      chosenAccounts: state.accounts,
      busy: state.busy,
      approvable: canApprove(state),
      error: state.error,
      answered: state.answered,
      load: state.load,
      continueToSite: state.continueToSite,
      approve: state.approve,
      reject: state.reject,
      toggleChain: state.toggleChain,
      toggleAccount: state.toggleAccount,
      close: state.close,
    })),
  )

  useEffect(() => {
    void load(id)
  }, [id, load])

  if (approval === undefined) return <Layout title="Connection request">Loading…</Layout>
  if (approval === null) {
    return (
      <Layout title="Connection request">
        <p className="lead">This request was already answered or has expired.</p>
        <button type="button" onClick={close}>
          Close
        </button>
      </Layout>
    )
  }

  if (answered) {
    return (
      <Layout title="Connection request">
        <p className="lead" role="status" data-testid="approval-done">
          {answered === 'approved'
            ? `Connected to ${approval.request.origin}.`
            : 'Request rejected.'}
        </p>
      </Layout>
    )
  }

  if (approval.site.kind === 'phishing' && !approval.phishingContinued) {
    return (
      <PhishingWarning
        site={approval.site}
        busy={busy}
        error={error}
        onBack={reject}
        onContinue={continueToSite}
      />
    )
  }

  const { request, chainNames } = approval
  return (
    <Layout
      title="Connection request"
      footer={
        <div className="row">
          <button type="button" data-testid="approval-reject" disabled={busy} onClick={reject}>
            Reject
          </button>
          <button
            type="button"
            className="primary"
            data-testid="approval-approve"
            disabled={!approvable}
            onClick={approve}
          >
            Connect
          </button>
        </div>
      }
    >
      <p className="origin" data-testid="approval-origin">
        {request.origin}
        {approval.site.kind === 'known' ? (
          <em className="tag" data-testid="site-known">
            known site
          </em>
        ) : null}
      </p>
      <p className="lead" data-testid="approval-abilities">
        wants to connect. It will be able to see the accounts you choose, their balances and
        activity, and ask you for transactions and signatures on the networks you choose:
      </p>
      {request.sessionProperties.expiry ? (
        <p className="hint">Until {new Date(request.sessionProperties.expiry).toLocaleString()}</p>
      ) : null}

      <fieldset className="group">
        <legend>Networks</legend>
        {request.chains.map((chain) => (
          <div key={chain.chainId} className="item column">
            <label className="check">
              <input
                type="checkbox"
                data-testid={`approval-chain-${chain.chainId}`}
                checked={chains.includes(chain.chainId)}
                disabled={chain.required}
                onChange={() => toggleChain(chain.chainId)}
              />
              <span>
                {chainNames[chain.chainId] ?? chain.chainId} <code>{chain.chainId}</code>
                {chain.required ? <em className="tag">required</em> : null}
              </span>
            </label>
            <details className="methods">
              <summary data-testid={`approval-methods-${chain.chainId}`}>
                {countOf(chain.methods.length, 'method')},{' '}
                {countOf(chain.notifications.length, 'notification')}
              </summary>
              <p>{[...chain.methods, ...chain.notifications].join(', ')}</p>
            </details>
          </div>
        ))}
      </fieldset>

      <fieldset className="group">
        <legend>Accounts</legend>
        {wallet.accounts.map((address, index) =>
          // Only accounts with an address in an offered namespace: an imported Solana key is not
          // offered to an EVM-only request, nor an imported EVM key to a Solana-only one.
          approval.namespaceAccounts?.every(({ addresses }) => !addresses[index]) ? null : (
            <label key={address} className="item check">
              <input
                type="checkbox"
                data-testid={`approval-account-${shownAddressId(address, index, wallet)}`}
                checked={chosenAccounts.includes(address)}
                onChange={() => toggleAccount(address)}
              />
              <AddressLabel address={address} index={index} />
              <NamespaceAddresses
                namespaces={approval.namespaceAccounts}
                index={index}
                keyAddress={shownAddress(address, index, wallet)}
                testIdPrefix="approval-address"
              />
            </label>
          ),
        )}
      </fieldset>
      {!approvable && !busy ? (
        <p className="hint">Choose at least one network and one account.</p>
      ) : null}
      <ErrorText error={error} />
    </Layout>
  )
}
