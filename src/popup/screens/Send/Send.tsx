import { useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { Amount } from '../../components/Amount.tsx'
import { FeeSelect } from '../../components/FeeSelect.tsx'
import { BackHome, FieldError, Layout } from '../../components/Layout.tsx'
import { NetworkSelect } from '../../components/NetworkSelect.tsx'
import { shortAddress } from '../../format/accountLabel.ts'
import { useHome } from '../../stores/home.ts'
import { useNavigation } from '../../stores/navigation.ts'
import { useSend } from '../../stores/send.ts'
import { useWallet } from '../../stores/wallet.ts'

/** The recipient field, its check (`send-to-error`, a warning) and the user's own accounts by name. */
function Recipient() {
  const { to, recipient, accounts, fieldError, setTo } = useSend(
    useShallow((state) => ({
      to: state.to,
      recipient: state.recipient,
      accounts: state.accounts,
      fieldError: state.fieldErrors.to,
      setTo: state.setTo,
    })),
  )
  const error = recipient.kind === 'invalid' ? recipient.message : fieldError
  return (
    <div className="field">
      <label className="field">
        <span className="confirm-label">To</span>
        <input
          data-testid="send-to"
          spellCheck={false}
          autoComplete="off"
          placeholder="Address"
          aria-invalid={error ? true : undefined}
          value={to}
          onChange={(event) => void setTo(event.target.value)}
        />
      </label>
      <FieldError error={error} testId="send-to" />
      {recipient.kind === 'valid' && recipient.ownName ? (
        <span className="hint" data-testid="send-to-name">
          Your {recipient.ownName}
        </span>
      ) : null}
      {recipient.kind === 'valid' && recipient.warning ? (
        <p className="notice warning" data-testid="send-to-warning">
          {recipient.warning}
        </p>
      ) : null}
      <div className="row wrap">
        {accounts.map((account) => (
          <button
            key={account.address}
            type="button"
            className="small ghost"
            data-testid={`send-to-own-${account.address.startsWith('0x') ? account.address.toLowerCase() : account.address}`}
            onClick={() => void setTo(account.address)}
          >
            {account.name}
          </button>
        ))}
      </div>
    </div>
  )
}

/** The asset select (`send-asset`: `native` or the token's address / mint) and a token typed in. */
function AssetPicker() {
  const { assets, asset, tokenInput, quote, fieldError, selectAsset, setTokenInput, addToken } =
    useSend(
      useShallow((state) => ({
        assets: state.assets,
        asset: state.asset,
        tokenInput: state.tokenInput,
        quote: state.quote,
        fieldError: state.fieldErrors.asset,
        selectAsset: state.selectAsset,
        setTokenInput: state.setTokenInput,
        addToken: state.addToken,
      })),
    )
  const evm = quote?.namespace !== 'solana'
  const selected = assets.find((candidate) => candidate.id === asset)
  return (
    <div className="field">
      <label className="field">
        <span className="confirm-label">Asset</span>
        <select
          data-testid="send-asset"
          value={asset}
          onChange={(event) => void selectAsset(event.target.value)}
        >
          {assets.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.symbol}
              {candidate.id === 'native' ? '' : ` · ${shortAddress(candidate.id)}`}
            </option>
          ))}
        </select>
      </label>
      {selected ? (
        <span className="hint" data-testid="send-balance">
          Balance{' '}
          <Amount value={selected.balance} decimals={selected.decimals} symbol={selected.symbol} />
        </span>
      ) : null}
      {evm ? (
        <span className="input-with-button">
          <input
            data-testid="send-token-address"
            spellCheck={false}
            placeholder="Another ERC-20: its address"
            value={tokenInput}
            onChange={(event) => setTokenInput(event.target.value)}
          />
          <button
            type="button"
            className="small"
            data-testid="send-token-add"
            disabled={tokenInput.trim() === ''}
            onClick={() => void addToken()}
          >
            Add
          </button>
        </span>
      ) : null}
      <FieldError error={fieldError} testId="send-asset" />
    </div>
  )
}

/**
 * The fee: the preset select (`send-fee`) on EVM, its custom fields `send-fee-max-gwei` and
 * `send-fee-priority-gwei` (built by `FeeSelect` from its `testId`), the fee and any rent on Solana.
 */
function Fee() {
  const { quote, fee, custom, customCheck, chooseFee, setCustomFee } = useSend(
    useShallow((state) => ({
      quote: state.quote,
      fee: state.fee,
      custom: state.custom,
      customCheck: state.customCheck,
      chooseFee: state.chooseFee,
      setCustomFee: state.setCustomFee,
    })),
  )
  if (!quote) return <p className="hint">Reading the fee…</p>
  if (quote.namespace === 'eip155') {
    return (
      <FeeSelect
        testId="send-fee"
        market={quote.market}
        symbol="ETH"
        choice={fee}
        custom={custom}
        check={customCheck}
        onChoose={chooseFee}
        onCustom={setCustomFee}
      />
    )
  }
  return (
    <div className="field" data-testid="send-fee-solana">
      <span className="confirm-label">Fee</span>
      <span>
        Network fee <Amount value={quote.fee} decimals={9} symbol="SOL" />
      </span>
      {quote.createsAccount ? (
        <span data-testid="send-creates-account">
          Creates the recipient’s token account:{' '}
          <Amount value={quote.rent} decimals={9} symbol="SOL" /> rent
        </span>
      ) : null}
    </div>
  )
}

const noAddresses: string[] = []

/**
 * Send (DESIGN §9): from an account, on a network, an asset to a recipient. Review hands it to the
 * worker, which opens the confirmation window (origin `Aperture`, the local preview, the fee).
 */
export function Send() {
  const go = useNavigation((state) => state.go)
  const homeChain = useHome((state) => state.chainId)
  const { evmAccounts, solanaAccounts, names } = useWallet(
    useShallow((state) => ({
      evmAccounts: state.accounts,
      solanaAccounts: state.addresses.solana ?? noAddresses,
      names: state.names,
    })),
  )
  const state = useSend(
    useShallow((send) => ({
      networks: send.networks,
      chainId: send.chainId,
      accounts: send.accounts,
      from: send.from,
      amount: send.amount,
      recipient: send.recipient,
      amountCheck: send.amountCheck,
      quote: send.quote,
      customCheck: send.customCheck,
      fee: send.fee,
      status: send.status,
      sentId: send.sentId,
      error: send.error,
      amountError: send.fieldErrors.amount,
      open: send.open,
      selectNetwork: send.selectNetwork,
      selectFrom: send.selectFrom,
      setAmount: send.setAmount,
      setMax: send.setMax,
      review: send.review,
    })),
  )
  const { open } = state
  useEffect(() => {
    void open({ chainId: homeChain, evmAccounts, solanaAccounts, names })
  }, [open, homeChain, evmAccounts, solanaAccounts, names])

  const sendError =
    (state.amountCheck.kind === 'invalid' ? state.amountCheck.message : state.amountError) ??
    state.error
  const feeReady =
    state.quote !== undefined && (state.fee !== 'custom' || state.customCheck?.ok === true)
  const canReview =
    state.recipient.kind === 'valid' &&
    state.amountCheck.kind === 'valid' &&
    feeReady &&
    state.status !== 'confirming'
  return (
    <Layout title="Send" actions={<BackHome onBack={() => go('home')} />}>
      <div className="stack send">
        <NetworkSelect
          label="Network"
          testId="send-network"
          networks={state.networks}
          chainId={state.chainId}
          onSelect={(chainId) => void state.selectNetwork(chainId)}
        />
        <label className="field">
          <span className="confirm-label">From</span>
          <select
            data-testid="send-from"
            value={state.from}
            onChange={(event) => void state.selectFrom(event.target.value)}
          >
            {state.accounts.map((account) => (
              <option key={account.address} value={account.address}>
                {account.name} · {shortAddress(account.address)}
              </option>
            ))}
          </select>
        </label>
        <AssetPicker />
        <Recipient />
        <label className="field">
          <span className="confirm-label">Amount</span>
          <span className="input-with-button">
            <input
              data-testid="send-amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.0"
              aria-invalid={sendError ? true : undefined}
              value={state.amount}
              onChange={(event) => state.setAmount(event.target.value)}
            />
            <button
              type="button"
              className="small"
              data-testid="send-max"
              disabled={!feeReady}
              onClick={state.setMax}
            >
              Max
            </button>
          </span>
        </label>
        {sendError ? (
          <p className="error" role="alert" data-testid="send-error">
            {sendError}
          </p>
        ) : null}
        <Fee />
        {state.status === 'sent' && state.sentId ? (
          <p className="notice ok" data-testid="send-sent">
            Sent: <code className="tx-hash">{state.sentId}</code>
          </p>
        ) : null}
        {state.status === 'unanswered' ? (
          <p className="notice info" data-testid="send-unanswered">
            The wallet restarted before it told this screen the outcome. The send was kept: it goes
            out once you approve it in its confirmation window, and Activity shows what was sent.
          </p>
        ) : null}
        {state.status === 'confirming' ? (
          <p className="notice info">
            Review the transaction in the confirmation window that opened.
          </p>
        ) : null}
        <button
          type="button"
          className="primary"
          data-testid="send-review"
          disabled={!canReview}
          onClick={() => void state.review()}
        >
          Review
        </button>
      </div>
    </Layout>
  )
}
