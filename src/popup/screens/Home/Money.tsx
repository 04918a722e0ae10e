import { useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { Amount } from '../../components/Amount.tsx'
import { ExplorerLink } from '../../components/ExplorerLink.tsx'
import { NetworkSelect } from '../../components/NetworkSelect.tsx'
import { useHome } from '../../stores/home.ts'

/** How often the balances are read again while the screen is open: about one block on a devnet. */
const refreshMs = 2_000

/** The network picker of the home screen; keeps the balances fresh while the screen is open. */
export function NetworkPicker() {
  const { networks, chainId, blockNumber, load, select, refresh } = useHome(
    useShallow((state) => ({
      networks: state.networks,
      chainId: state.chainId,
      blockNumber: state.blockNumber,
      load: state.load,
      select: state.select,
      refresh: state.refresh,
    })),
  )
  useEffect(() => {
    void load()
    const timer = setInterval(() => void refresh(), refreshMs)
    return () => clearInterval(timer)
  }, [load, refresh])
  return (
    <NetworkSelect
      label="Network"
      testId="home-network"
      networks={networks}
      chainId={chainId}
      onSelect={(chosen) => void select(chosen)}
    >
      {blockNumber ? <span className="hint">Block {blockNumber}</span> : null}
    </NetworkSelect>
  )
}

/** One account's balance on the chosen network (`home-balance-<address>`). */
export function Balance({ address }: { address: string }) {
  const wei = useHome((state) => state.balances[address])
  return (
    <strong className="balance" data-testid={`home-balance-${address.toLowerCase()}`}>
      <Amount value={wei} decimals={18} symbol="ETH" />
    </strong>
  )
}

/** The badge tone of each state: failures red, the ones another transaction ended grey. */
const statusTone = {
  pending: 'ok',
  confirmed: 'ok',
  failed: 'failed',
  replaced: 'ended',
  cancelled: 'ended',
  dropped: 'failed',
} as const

/**
 * The wallet's own transactions of one account, newest first, each with its state
 * (`activity-status-<hash>`); a pending one can be sped up or cancelled, through the confirmation.
 */
export function AccountActivity({ address }: { address: string }) {
  const transactions = useHome(
    useShallow((state) =>
      state.transactions.filter(
        (transaction) => transaction.from.toLowerCase() === address.toLowerCase(),
      ),
    ),
  )
  const replace = useHome((state) => state.replace)
  if (transactions.length === 0) return null
  return (
    <details className="disclosure account-activity">
      <summary>Transactions ({transactions.length})</summary>
      <ul className="activity">
        {transactions.map((transaction) => (
          <li
            key={transaction.hash}
            className="activity-entry"
            data-testid={`activity-tx-${transaction.hash}`}
            data-status={transaction.status}
          >
            <div className="activity-line">
              <span
                className={`outcome state ${statusTone[transaction.status]}`}
                data-testid={`activity-status-${transaction.hash}`}
              >
                {transaction.status}
              </span>
              {transaction.replaces ? (
                <span className="hint">
                  {transaction.replaces.kind === 'cancel' ? 'cancel' : 'speed-up'}
                </span>
              ) : null}
              <Amount value={transaction.value} decimals={18} symbol="ETH" />
              <span className="hint">{new Date(transaction.at).toLocaleTimeString()}</span>
            </div>
            <code className="tx-hash">{transaction.hash}</code>
            <ExplorerLink chainId={transaction.chainId} transaction={transaction.hash} />
            {transaction.reason ? <span className="error">{transaction.reason}</span> : null}
            {transaction.resentAt ? (
              <span className="hint" data-testid={`activity-resent-${transaction.hash}`}>
                Sent again when the wallet restarted (
                {new Date(transaction.resentAt).toLocaleTimeString()}): the same signed transaction
              </span>
            ) : null}
            <span className="hint">
              {transaction.origin} · {transaction.chainId} · fee{' '}
              <Amount
                value={transaction.feeWei ?? transaction.maxFeeWei}
                decimals={18}
                symbol="ETH"
              />
              {transaction.feeWei ? '' : ' at most'}
            </span>
            {transaction.status === 'pending' && transaction.nonce !== undefined ? (
              <div className="row">
                <button
                  type="button"
                  className="small"
                  data-testid={`activity-speed-up-${transaction.hash}`}
                  onClick={() => void replace(transaction.hash, 'speedUp')}
                >
                  Speed up
                </button>
                <button
                  type="button"
                  className="small ghost"
                  data-testid={`activity-cancel-${transaction.hash}`}
                  onClick={() => void replace(transaction.hash, 'cancel')}
                >
                  Cancel
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  )
}
