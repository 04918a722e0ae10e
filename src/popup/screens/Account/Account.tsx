import { type FormEvent, useEffect, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { ErrorText, Layout } from '../../components/Layout.tsx'
import { useNavigation } from '../../stores/navigation.ts'
import { useWallet } from '../../stores/wallet.ts'

/** One account: its addresses and its name, which the user changes here (DESIGN §9). */
export function Account() {
  const { openedAccount, go } = useNavigation(
    useShallow((state) => ({ openedAccount: state.openedAccount, go: state.go })),
  )
  const { accounts, addresses, names, rename, busy, error, clearError } = useWallet(
    useShallow((state) => ({
      accounts: state.accounts,
      addresses: state.addresses,
      names: state.names,
      rename: state.rename,
      busy: state.busy,
      error: state.error,
      clearError: state.clearError,
    })),
  )
  const index = openedAccount === undefined ? -1 : accounts.indexOf(openedAccount)
  const currentName = names[index] ?? ''
  const [name, setName] = useState(currentName)
  const [saved, setSaved] = useState(false)
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
    <Layout
      title={currentName}
      actions={
        <button type="button" className="small" data-testid="nav-home" onClick={() => go('home')}>
          Back
        </button>
      }
    >
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
        <dt>Ethereum</dt>
        <dd>
          <code>{openedAccount}</code>
        </dd>
        {Object.entries(addresses).map(([namespace, list]) =>
          list[index] === undefined ? null : (
            <div key={namespace}>
              <dt className="namespace-name">{namespace}</dt>
              <dd>
                <code>{list[index]}</code>
              </dd>
            </div>
          ),
        )}
      </dl>
      <ErrorText error={error} />
    </Layout>
  )
}
