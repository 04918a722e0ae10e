import { useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { accountsIn } from '../../../core/wallet/accountsIn.ts'
import { BackHome, ErrorText, Layout } from '../../components/Layout.tsx'
import { useNavigation } from '../../stores/navigation.ts'
import { useReceive } from '../../stores/receive.ts'
import { useWallet } from '../../stores/wallet.ts'

/** Receive: an account's address in full, its QR code and copy (`receive-*`). */
export function Receive() {
  const go = useNavigation((state) => state.go)
  const { accounts, addresses, names } = useWallet(
    useShallow((state) => ({
      accounts: state.accounts,
      addresses: state.addresses,
      names: state.names,
    })),
  )
  const evm = accountsIn('eip155', { accounts, addresses, names })
  const solana = accountsIn('solana', { accounts, addresses, names })
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
  const first = (evm[0] ?? solana[0])?.address
  useEffect(() => {
    if (first) void show(first)
  }, [first, show])
  return (
    <Layout title="Receive" actions={<BackHome onBack={() => go('home')} />}>
      <div className="stack receive">
        <label className="field">
          <span className="confirm-label">Account</span>
          <select
            data-testid="receive-account"
            value={address ?? ''}
            onChange={(event) => void show(event.target.value)}
          >
            {evm.map(({ address, name }) => (
              <option key={address} value={address}>
                {name} · Ethereum and EVM networks
              </option>
            ))}
            {solana.map(({ address, name }) => (
              <option key={address} value={address}>
                {name} · Solana
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
