import { type FormEvent, useEffect, useMemo, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { isAddress } from '../../../core/eth/hex.ts'
import { BackHome, ErrorText, Layout } from '../../components/Layout.tsx'
import { useHome } from '../../stores/home.ts'
import { useNavigation } from '../../stores/navigation.ts'
import { useWallet } from '../../stores/wallet.ts'
import { Approvals } from './Approvals.tsx'
import { ExportKeys } from './ExportKeys.tsx'

/**
 * One account: its addresses and its name, which the user changes here, its private key exported
 * with the password, and, for an imported one, its removal (DESIGN §9).
 */
export function Account() {
  const { openedAccount, go } = useNavigation(
    useShallow((state) => ({ openedAccount: state.openedAccount, go: state.go })),
  )
  const { accounts, addresses, names, imported, rename, removeAccount, busy, error, clearError } =
    useWallet(
      useShallow((state) => ({
        accounts: state.accounts,
        addresses: state.addresses,
        names: state.names,
        imported: state.imported,
        rename: state.rename,
        removeAccount: state.removeAccount,
        busy: state.busy,
        error: state.error,
        clearError: state.clearError,
      })),
    )
  const network = useHome((state) =>
    state.networks.find(({ chainId }) => chainId === state.chainId),
  )
  const solanaNetwork = useHome((state) =>
    state.solanaNetworks.find(({ chainId }) => chainId === state.solanaChainId),
  )
  const index = openedAccount === undefined ? -1 : accounts.indexOf(openedAccount)
  const solanaAddress = addresses.solana?.[index]
  // The approval manager's networks: Home's EVM network, and its Solana one for the Solana address.
  const evmChainId = network?.chainId
  const solanaChainId = solanaAddress ? solanaNetwork?.chainId : undefined
  const approvalScopes = useMemo(
    () => [
      ...(evmChainId && openedAccount ? [{ chainId: evmChainId, owner: openedAccount }] : []),
      ...(solanaChainId && solanaAddress ? [{ chainId: solanaChainId, owner: solanaAddress }] : []),
    ],
    [evmChainId, openedAccount, solanaChainId, solanaAddress],
  )
  const approvalNetworks = [network, solanaChainId ? solanaNetwork : undefined].flatMap(
    (shown) => shown?.name ?? [],
  )
  const currentName = names[index] ?? ''
  const [name, setName] = useState(currentName)
  const [saved, setSaved] = useState(false)
  const [approvalsOpen, setApprovalsOpen] = useState(false)
  useEffect(() => clearError, [clearError])

  if (openedAccount === undefined || index === -1) {
    return (
      <Layout title="Account">
        <p className="lead">This account is no longer in the wallet.</p>
        <button type="button" onClick={() => go('home')}>
          Back
        </button>
      </Layout>
    )
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSaved(await rename(openedAccount, name))
  }

  return (
    <Layout title={currentName} actions={<BackHome onBack={() => go('home')} />}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <label className="field">
          <span>Name</span>
          <input
            data-testid="account-name"
            autoComplete="off"
            value={name}
            onChange={(event) => {
              setName(event.target.value)
              setSaved(false)
            }}
          />
          <span className="hint">Shown only in Aperture's own windows, never to a site.</span>
        </label>
        <button type="submit" className="primary" data-testid="account-name-save" disabled={busy}>
          {saved ? 'Saved' : 'Save name'}
        </button>
      </form>
      <dl className="stack">
        {isAddress(openedAccount) ? (
          <>
            <dt>Ethereum</dt>
            <dd>
              <code>{openedAccount}</code>
            </dd>
          </>
        ) : null}
        {Object.entries(addresses).map(([namespace, list]) =>
          !list[index] ? null : (
            <div key={namespace}>
              <dt className="namespace-name">{namespace}</dt>
              <dd>
                <code>{list[index]}</code>
              </dd>
            </div>
          ),
        )}
      </dl>
      {approvalScopes.length === 0 ? null : approvalsOpen ? (
        <Approvals scopes={approvalScopes} />
      ) : (
        <button type="button" data-testid="approvals-open" onClick={() => setApprovalsOpen(true)}>
          Approvals on {approvalNetworks.join(' and ')}
        </button>
      )}
      <ExportKeys account={openedAccount} />
      {imported.includes(openedAccount) ? (
        <section className="stack" aria-label="Imported account">
          <p className="hint">
            <em className="tag">Imported</em> Removing it forgets its key: export the key first if
            you may need the account again. Sites connected to it lose it.
          </p>
          <button
            type="button"
            className="danger"
            data-testid="account-remove"
            disabled={busy}
            onClick={() =>
              void removeAccount(openedAccount).then((removed) => removed && go('home'))
            }
          >
            Remove account
          </button>
        </section>
      ) : null}
      <ErrorText error={error} />
    </Layout>
  )
}
