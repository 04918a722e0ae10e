import { useShallow } from 'zustand/react/shallow'
import { accountsIn } from '../../../core/wallet/accountsIn.ts'
import { AddressLabel } from '../../components/AddressLabel.tsx'
import { ErrorText, Layout } from '../../components/Layout.tsx'
import { useNavigation } from '../../stores/navigation.ts'
import { useWallet } from '../../stores/wallet.ts'
import { AccountActivity, Balance, NetworkPicker } from './Money.tsx'
import { SolanaAccounts } from './SolanaAccounts.tsx'
import { Tokens } from './Tokens.tsx'

/**
 * The accounts with their balances on the chosen network and their transactions, adding one,
 * locking, and the way to connections and settings.
 */
export function Home() {
  const { accounts, addresses, names, addAccount, lock, copyAddress, busy, error } = useWallet(
    useShallow((state) => ({
      accounts: state.accounts,
      addresses: state.addresses,
      names: state.names,
      addAccount: state.addAccount,
      lock: state.lock,
      copyAddress: state.copyAddress,
      busy: state.busy,
      error: state.error,
    })),
  )
  const { go, openAccount } = useNavigation(
    useShallow((state) => ({ go: state.go, openAccount: state.openAccount })),
  )
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
      <NetworkPicker />
      <div className="row">
        <button
          type="button"
          className="primary"
          data-testid="home-send"
          onClick={() => go('send')}
        >
          Send
        </button>
        <button type="button" data-testid="home-receive" onClick={() => go('receive')}>
          Receive
        </button>
      </div>
      <ul className="list" aria-label="Accounts">
        {accountsIn('eip155', { accounts, addresses, names }).map(({ key: address, index }) => (
          <li key={address} className="item column">
            <div className="account-row" data-testid={`home-account-${address.toLowerCase()}`}>
              <button
                type="button"
                className="link"
                data-testid={`account-open-${address.toLowerCase()}`}
                onClick={() => openAccount(address)}
              >
                <AddressLabel address={address} index={index} />
              </button>
              <Balance address={address} />
              <button
                type="button"
                className="small ghost"
                aria-label={`Copy the address of account ${index + 1}`}
                onClick={() => void copyAddress(address)}
              >
                Copy
              </button>
            </div>
            <AccountActivity address={address} />
          </li>
        ))}
      </ul>
      <Tokens />
      <SolanaAccounts />
      <ErrorText error={error} />
      <div className="row">
        <button type="button" data-testid="account-add" disabled={busy} onClick={addAccount}>
          + Add account
        </button>
        <button type="button" data-testid="account-import" onClick={() => go('import')}>
          Import key
        </button>
      </div>
    </Layout>
  )
}
