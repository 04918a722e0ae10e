import { formatUnits } from 'viem'
import { useShallow } from 'zustand/react/shallow'
import { useHome } from '../../stores/home.ts'
import { useWallet } from '../../stores/wallet.ts'

const statusLabel = { pending: 'Pending', confirmed: 'Confirmed', failed: 'Failed' } as const

/** Lamports as SOL, to at most 6 decimals (the exact amount in the title). */
function Sol({ lamports }: { lamports: string | undefined }) {
  if (lamports === undefined) return <span className="muted">…</span>
  const exact = formatUnits(BigInt(lamports), 9)
  const [whole, fraction = ''] = exact.split('.')
  const shown = fraction ? `${whole}.${fraction.slice(0, 6).replace(/0+$/, '') || '0'}` : exact
  return <span title={`${exact} SOL`}>{shown} SOL</span>
}

/**
 * Each account's Solana address with its SOL balance on the chosen Solana network
 * (`home-solana-<address>`), and the wallet's own Solana transactions of that address.
 */
export function SolanaAccounts() {
  const addresses = useWallet(useShallow((state) => state.addresses.solana ?? []))
  const { networks, chainId, balances, transactions, select } = useHome(
    useShallow((state) => ({
      networks: state.solanaNetworks,
      chainId: state.solanaChainId,
      balances: state.solanaBalances,
      transactions: state.solanaTransactions,
      select: state.selectSolana,
    })),
  )
  if (networks.length === 0 || addresses.length === 0) return null
  return (
    <section aria-label="Solana accounts">
      <label className="field network-picker">
        <span className="confirm-label">Solana network</span>
        <select
          data-testid="home-solana-network"
          value={chainId ?? ''}
          onChange={(event) => void select(event.target.value as `${string}:${string}`)}
        >
          {networks.map((network) => (
            <option key={network.chainId} value={network.chainId}>
              {network.name} ({network.chainId})
            </option>
          ))}
        </select>
      </label>
      <ul className="list">
        {addresses.map((address, index) => {
          const own = transactions.filter((transaction) => transaction.from === address)
          return (
            <li key={address} className="item column">
              <div className="account-row" data-testid={`home-solana-${address}`}>
                <span className="address" title={address}>
                  <strong>Account {index + 1}</strong>
                  <code>
                    {address.slice(0, 4)}…{address.slice(-4)}
                  </code>
                </span>
                <strong className="balance" data-testid={`home-solana-balance-${address}`}>
                  <Sol lamports={balances[address]} />
                </strong>
              </div>
              {own.length > 0 ? (
                <details className="disclosure account-activity">
                  <summary>Transactions ({own.length})</summary>
                  <ul className="activity">
                    {own.map((transaction) => (
                      <li
                        key={transaction.signature}
                        className="activity-entry"
                        data-testid={`activity-solana-tx-${transaction.signature}`}
                        data-status={transaction.status}
                      >
                        <div className="activity-line">
                          <span
                            className={`outcome ${transaction.status === 'failed' ? 'failed' : 'ok'}`}
                          >
                            {statusLabel[transaction.status]}
                          </span>
                          {transaction.lamportsChange ? (
                            <Sol lamports={transaction.lamportsChange} />
                          ) : null}
                          <span className="hint">
                            {new Date(transaction.at).toLocaleTimeString()}
                          </span>
                        </div>
                        <code className="tx-hash">{transaction.signature}</code>
                        <span className="hint">
                          {transaction.origin} · {transaction.chainId}
                        </span>
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
