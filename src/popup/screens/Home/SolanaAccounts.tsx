import { useShallow } from 'zustand/react/shallow'
import { accountsIn } from '../../../core/wallet/accountsIn.ts'
import { Amount } from '../../components/Amount.tsx'
import { ExplorerLink } from '../../components/ExplorerLink.tsx'
import { NetworkSelect } from '../../components/NetworkSelect.tsx'
import { useHome } from '../../stores/home.ts'
import { useNavigation } from '../../stores/navigation.ts'
import { useWallet } from '../../stores/wallet.ts'

/**
 * Each account's Solana address with its SOL balance on the chosen Solana network
 * (`home-solana-<address>`), and the wallet's own Solana transactions of that address.
 */
export function SolanaAccounts() {
  const { accounts, addresses, names, imported } = useWallet(
    useShallow((state) => ({
      accounts: state.accounts,
      addresses: state.addresses,
      names: state.names,
      imported: state.imported,
    })),
  )
  const solana = accountsIn('solana', { accounts, addresses, names })
  const openAccount = useNavigation((state) => state.openAccount)
  const { networks, chainId, balances, transactions, select } = useHome(
    useShallow((state) => ({
      networks: state.solanaNetworks,
      chainId: state.solanaChainId,
      balances: state.solanaBalances,
      transactions: state.solanaTransactions,
      select: state.selectSolana,
    })),
  )
  if (networks.length === 0 || solana.length === 0) return null
  return (
    <section aria-label="Solana accounts">
      <NetworkSelect
        label="Solana network"
        testId="home-solana-network"
        networks={networks}
        chainId={chainId}
        onSelect={(chosen) => void select(chosen)}
      />
      <ul className="list">
        {solana.map(({ address, key, name }) => {
          const own = transactions.filter((transaction) => transaction.from === address)
          return (
            <li key={address} className="item column">
              <div className="account-row" data-testid={`home-solana-${address}`}>
                <button
                  type="button"
                  className="link address"
                  title={address}
                  data-testid={`account-open-${address}`}
                  onClick={() => openAccount(key)}
                >
                  <strong>
                    {name}
                    {imported.includes(key) ? <em className="tag">Imported</em> : null}
                  </strong>
                  <code>
                    {address.slice(0, 4)}…{address.slice(-4)}
                  </code>
                </button>
                <strong className="balance" data-testid={`home-solana-balance-${address}`}>
                  <Amount value={balances[address]} decimals={9} symbol="SOL" />
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
                            className={`outcome state ${transaction.status === 'failed' ? 'failed' : 'ok'}`}
                            data-testid={`activity-solana-status-${transaction.signature}`}
                          >
                            {transaction.status}
                          </span>
                          {transaction.lamportsChange ? (
                            <Amount value={transaction.lamportsChange} decimals={9} symbol="SOL" />
                          ) : null}
                          <span className="hint">
                            {new Date(transaction.at).toLocaleTimeString()}
                          </span>
                        </div>
                        <code className="tx-hash">{transaction.signature}</code>
                        <ExplorerLink
                          chainId={transaction.chainId}
                          transaction={transaction.signature}
                        />
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
