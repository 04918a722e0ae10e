import { useShallow } from 'zustand/react/shallow'
import { AddressLabel } from '../../components/AddressLabel.tsx'
import { ErrorText, Layout } from '../../components/Layout.tsx'
import { useNavigation } from '../../stores/navigation.ts'
import { useWallet } from '../../stores/wallet.ts'

/** The accounts, adding one, locking, and the way to connections and settings. */
export function Home() {
  const { accounts, addAccount, lock, busy, error } = useWallet(
    useShallow((state) => ({
      accounts: state.accounts,
      addAccount: state.addAccount,
      lock: state.lock,
      busy: state.busy,
      error: state.error,
    })),
  )
  const go = useNavigation((state) => state.go)
  return (
    <Layout
      title="Accounts"
      actions={
        <button type="button" className="small" data-testid="lock" onClick={lock}>
          Lock
        </button>
      }
      footer={
        <nav className="row" aria-label="Wallet">
          <button type="button" data-testid="nav-connections" onClick={() => go('connections')}>
            Connected sites
          </button>
          <button type="button" data-testid="nav-settings" onClick={() => go('settings')}>
            Settings
          </button>
        </nav>
      }
    >
      <ul className="list" aria-label="Accounts">
        {accounts.map((address, index) => (
          <li key={address} className="item" data-testid={`home-account-${address.toLowerCase()}`}>
            <AddressLabel address={address} index={index} />
            <button
              type="button"
              className="small ghost"
              aria-label={`Copy the address of account ${index + 1}`}
              onClick={() => void navigator.clipboard.writeText(address)}
            >
              Copy
            </button>
          </li>
        ))}
      </ul>
      <ErrorText error={error} />
      <button type="button" data-testid="account-add" disabled={busy} onClick={addAccount}>
        + Add account
      </button>
    </Layout>
  )
}
