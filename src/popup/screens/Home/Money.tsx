import { useEffect } from 'react'
import { formatEther } from 'viem'
import { useShallow } from 'zustand/react/shallow'
import { useHome } from '../../stores/home.ts'

/** How often the balances are read again while the screen is open: about one block on a devnet. */
const refreshMs = 2_000

/** A wei amount as ether, to at most 6 decimals (the exact amount in the title). */
export function Ether({ wei }: { wei: string | undefined }) {
  if (wei === undefined) return <span className="muted">…</span>
  const exact = formatEther(BigInt(wei))
  const [whole, fraction = ''] = exact.split('.')
  const shown = fraction ? `${whole}.${fraction.slice(0, 6).replace(/0+$/, '') || '0'}` : exact
  return <span title={`${exact} ETH`}>{shown} ETH</span>
}

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
    <label className="field network-picker">
      <span className="confirm-label">Network</span>
      <select
        data-testid="home-network"
        value={chainId ?? ''}
        onChange={(event) => void select(event.target.value as `${string}:${string}`)}
      >
        {networks.map((network) => (
          <option key={network.chainId} value={network.chainId}>
            {network.name} ({network.chainId})
          </option>
        ))}
      </select>
      {blockNumber ? <span className="hint">Block {blockNumber}</span> : null}
    </label>
  )
}

/** One account's balance on the chosen network (`home-balance-<address>`). */
export function Balance({ address }: { address: string }) {
  const wei = useHome((state) => state.balances[address])
  return (
    <strong className="balance" data-testid={`home-balance-${address.toLowerCase()}`}>
      <Ether wei={wei} />
    </strong>
  )
}

const statusLabel = { pending: 'Pending', confirmed: 'Confirmed', failed: 'Failed' } as const

/** The wallet's own transactions of one account, newest first. */
export function AccountActivity({ address }: { address: string }) {
  const transactions = useHome(
    useShallow((state) =>
      state.transactions.filter(
        (transaction) => transaction.from.toLowerCase() === address.toLowerCase(),
      ),
    ),
  )
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
              <span className={`outcome ${transaction.status === 'failed' ? 'failed' : 'ok'}`}>
                {statusLabel[transaction.status]}
              </span>
              <Ether wei={transaction.value} />
              <span className="hint">{new Date(transaction.at).toLocaleTimeString()}</span>
            </div>
            <code className="tx-hash">{transaction.hash}</code>
            <span className="hint">
              {transaction.origin} · {transaction.chainId} · fee{' '}
              <Ether wei={transaction.feeWei ?? transaction.maxFeeWei} />
              {transaction.feeWei ? '' : ' at most'}
            </span>
          </li>
        ))}
      </ul>
    </details>
  )
}
