import { formatEther } from 'viem'
import { useShallow } from 'zustand/react/shallow'
import { type FilledTransaction, withFee } from '../../../core/eth/fillTransaction.ts'
import type { ConfirmationViews } from '../../../core/wallet/confirmationViews.ts'
import type { TransactionPreview } from '../../../core/wallet/describeTransaction.ts'
import { FeeSelect } from '../../components/FeeSelect.tsx'
import { useConfirmations } from '../../stores/confirmations.ts'
import { Field, FullAddress } from './parts.tsx'
import { SimulationView } from './SimulationView.tsx'

const kindLabel = { contract: 'contract', account: 'account', creation: 'new contract' } as const

/** The decoded call: an ERC-20 transfer or approval spelled out (the worker warns of an unlimited one). */
function CallSummary({ preview }: { preview: TransactionPreview }) {
  const { decoded, selector } = preview
  if (decoded?.name === 'transfer') {
    return (
      <Field label="Token transfer">
        <strong>
          {decoded.amount.formatted} {decoded.amount.symbol}
        </strong>{' '}
        to <FullAddress address={decoded.to} />
      </Field>
    )
  }
  if (decoded?.name === 'approve') {
    return (
      <Field label="Token approval">
        <strong>
          {decoded.unlimited ? 'Unlimited' : decoded.amount.formatted} {decoded.amount.symbol}
        </strong>
        <span className="hint">Spender</span>
        <FullAddress address={decoded.spender} />
      </Field>
    )
  }
  if (selector) {
    return (
      <Field label="Call">
        <code>{selector}</code> <span className="hint">function not recognized</span>
      </Field>
    )
  }
  return null
}

/** Recipient, value and call of one transaction. */
export function TransactionSummary({
  preview,
  testIds = true,
}: {
  preview: TransactionPreview
  testIds?: boolean
}) {
  return (
    <>
      <Field label="To" testId={testIds ? 'confirm-tx-to' : undefined}>
        {preview.to ? (
          <FullAddress
            address={preview.to}
            note={<em className="tag">{kindLabel[preview.toKind]}</em>}
          />
        ) : (
          <em className="tag">{kindLabel.creation}</em>
        )}
      </Field>
      <Field label="Value" testId={testIds ? 'confirm-tx-value' : undefined}>
        <strong>{preview.value.ether} ETH</strong>
      </Field>
      <CallSummary preview={preview} />
    </>
  )
}

/**
 * An upper bound in ether, readable: rounded *up* to 8 decimals (it is a maximum, so never shown
 * lower than it is), with the exact amount in the title.
 */
function MaxEther({ wei }: { wei: bigint }) {
  const unit = 10n ** 10n
  const rounded = wei % unit === 0n ? wei : (wei / unit + 1n) * unit
  return <strong title={`${formatEther(wei)} ETH`}>{formatEther(rounded)} ETH</strong>
}

/** A fee per gas in gwei, to 4 decimals at most. */
const gweiText = (gwei: string): string => {
  const [whole, fraction = ''] = gwei.split('.')
  const kept = fraction.slice(0, 4).replace(/0+$/, '')
  return kept ? `${whole}.${kept}` : (whole ?? gwei)
}

/** Gas limit, max fee per gas, the network fee at most, and the total maximum cost. */
export function FeeView({
  transactions,
  previews,
}: {
  transactions: FilledTransaction[]
  previews: TransactionPreview[]
}) {
  const fee = transactions.reduce(
    (sum, transaction) =>
      sum +
      BigInt(transaction.gas) * BigInt(transaction.maxFeePerGas ?? transaction.gasPrice ?? '0x0'),
    0n,
  )
  const value = transactions.reduce((sum, transaction) => sum + BigInt(transaction.value), 0n)
  const [first] = previews
  return (
    <Field label="Network fee" testId="confirm-tx-fee">
      <div className="fee-lines">
        {previews.length === 1 && first ? (
          <span>
            Gas limit {BigInt(first.gasLimit).toLocaleString('en-US')} × max{' '}
            {gweiText(first.maxFeePerGasGwei)} gwei
          </span>
        ) : (
          <span>{previews.length} transactions</span>
        )}
        <span>
          Up to <MaxEther wei={fee} />
        </span>
        <span className="total">
          Total maximum cost <MaxEther wei={fee + value} />
        </span>
      </div>
      {previews
        .filter((preview) => preview.estimateError)
        .map((preview, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one notice per transaction, in order
          <p key={index} className="hint">
            Gas could not be estimated ({preview.estimateError}); the limit is the wallet's
            fallback.
          </p>
        ))}
    </Field>
  )
}

/**
 * The fee choice of the transaction shown (`confirm-fee`, its presets' costs) and what the fee
 * picked costs at most; nothing is priced while a custom fee is refused (its fields say why).
 */
function ChosenFee({ view }: { view: ConfirmationViews['transaction'] }) {
  const fee = useConfirmations((state) => state.fee)
  const { chooseFee, setCustomFee } = useConfirmations(
    useShallow((state) => ({ chooseFee: state.chooseFee, setCustomFee: state.setCustomFee })),
  )
  if (!fee) return <FeeView transactions={[view.transaction]} previews={[view.preview]} />
  const chosen =
    fee.choice === 'custom'
      ? fee.check?.ok
        ? fee.check.option
        : undefined
      : fee.offer.market.presets[fee.choice]
  return (
    <>
      <FeeSelect
        testId="confirm-fee"
        market={fee.offer.market}
        symbol="ETH"
        choice={fee.choice}
        custom={fee.custom}
        check={fee.check}
        onChoose={chooseFee}
        onCustom={setCustomFee}
      />
      {chosen ? (
        <FeeView
          transactions={[withFee(view.transaction, chosen.fee)]}
          previews={[{ ...view.preview, maxFeePerGasGwei: chosen.maxFeeGwei }]}
        />
      ) : null}
    </>
  )
}

/** `eth_sendTransaction`: the transaction as it will be signed, its preview and its cost. */
export function TransactionView({
  view,
  chainName,
}: {
  view: ConfirmationViews['transaction']
  chainName: string
}) {
  return (
    <>
      <TransactionSummary preview={view.preview} />
      <SimulationView simulation={view.simulation} tokens={view.tokens} chainName={chainName} />
      <ChosenFee view={view} />
      <details className="disclosure">
        <summary>Details</summary>
        <p className="hint">
          Nonce {BigInt(view.transaction.nonce).toString()} ·{' '}
          {view.transaction.type === 'eip1559' ? 'EIP-1559' : 'legacy'}
        </p>
        <pre className="message">{view.transaction.data}</pre>
      </details>
    </>
  )
}

/** `wallet_sendCalls`: each call in order, one simulation of the whole batch, the total cost. */
export function CallsView({
  view,
  chainName,
}: {
  view: ConfirmationViews['calls']
  chainName: string
}) {
  return (
    <>
      <p className="hint">
        Sent as {view.transactions.length} separate transactions, in this order.
      </p>
      <ol className="calls">
        {view.previews.map((preview, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: calls are identified by their position
          <li key={index} className="card" data-testid={`confirm-call-${index}`}>
            <TransactionSummary preview={preview} testIds={false} />
          </li>
        ))}
      </ol>
      <SimulationView simulation={view.simulation} tokens={view.tokens} chainName={chainName} />
      <FeeView transactions={view.transactions} previews={view.previews} />
    </>
  )
}
