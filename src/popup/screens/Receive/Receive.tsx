import { useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { ErrorText, Layout } from '../../components/Layout.tsx'
import { useNavigation } from '../../stores/navigation.ts'
import { useReceive } from '../../stores/receive.ts'
import { useWallet } from '../../stores/wallet.ts'

const noAddresses: string[] = []

/** Receive: an account's address in full, its QR code and copy (`receive-*`). */
export function Receive() {
  const go = useNavigation((state) => state.go)
  const { accounts, solana, names } = useWallet(
    useShallow((state) => ({
      accounts: state.accounts,
      names: state.names,
      solana: state.addresses.solana ?? noAddresses,
    })),
  )
  const { address, qr, copied, error, show, copy } = useReceive(
    useShallow((state) => ({
      address: state.address,
      qr: state.qr,
      copied: state.copied,
      error: state.error,
      show: state.show,
      copy: state.copy,
    })),
  )
  const first = accounts[0]
  useEffect(() => {
    if (first) void show(first)
  }, [first, show])
  return (
    <Layout
      title="Receive"
      actions={
        <button type="button" className="small" data-testid="nav-home" onClick={() => go('home')}>
          Back
        </button>
      }
    >
      <div className="stack receive">
        <label className="field">
          <span className="confirm-label">Account</span>
          <select
            data-testid="receive-account"
            value={address ?? ''}
            onChange={(event) => void show(event.target.value)}
          >
            {accounts.map((account, index) => (
              <option key={account} value={account}>
                {names[index] ?? account} · Ethereum and EVM networks
              </option>
            ))}
            {solana.map((account, index) => (
              <option key={account} value={account}>
                {names[index] ?? account} · Solana
              </option>
            ))}
          </select>
        </label>
        {qr ? (
          <img
            className="receive-qr"
            data-testid="receive-qr"
            src={qr}
            width={220}
            height={220}
            alt={`QR code of ${address}`}
          />
        ) : null}
        <code className="receive-address" data-testid="receive-address">
          {address}
        </code>
        <button type="button" data-testid="receive-copy" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy address'}
        </button>
        <p className="hint">
          Send only assets of the network this address belongs to. The code holds the address and
          nothing else.
        </p>
        <ErrorText error={error} />
      </div>
    </Layout>
  )
}
