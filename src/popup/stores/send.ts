import { formatUnits } from 'viem'
import { create } from 'zustand'
import type { ChainId } from '../../core/caip/types.ts'
import { type CustomFeeCheck, checkCustomFee } from '../../core/eth/fees/checkCustomFee.ts'
import type { FeeChoice } from '../../core/eth/fees/chooseFee.ts'
import type { FeeChoiceName } from '../../core/eth/fees/feeOption.ts'
import type { AccountKey } from '../../core/multichain/ports.ts'
import type { NetworkView } from '../../core/protocol/popupMessages.ts'
import {
  accountsIn as accountsInNamespace,
  type WalletAccountList,
} from '../../core/wallet/accountsIn.ts'
import {
  checkRecipient,
  type OwnAccount,
  type RecipientCheck,
} from '../../core/wallet/send/checkRecipient.ts'
import {
  type AmountCheck,
  checkSendAmount,
  maxSendable,
} from '../../core/wallet/send/checkSendAmount.ts'
import type { SendQuote } from '../../core/wallet/send/quoteSend.ts'
import type { SendAsset } from '../../core/wallet/send/readSendAsset.ts'
import { type SendDraft, sendNamespaceOf } from '../../core/wallet/send/sendDraft.ts'
import { AnswerLost, callBackground, errorMessage, fieldErrorsOf } from '../callBackground.ts'

type SendStore = {
  /** The wallet's enabled networks, EVM and Solana. */
  networks: NetworkView[]
  chainId: ChainId | undefined
  /** The wallet's accounts in the chosen network's namespace, by name. */
  accounts: OwnAccount[]
  from: string
  assets: SendAsset[]
  asset: string
  to: string
  amount: string
  /** The ERC-20 address typed in to send a token the wallet does not watch. */
  tokenInput: string
  quote: SendQuote | undefined
  fee: FeeChoiceName
  custom: { maxFeeGwei: string; priorityFeeGwei: string }
  /** `checkCustomFee` of `custom` (EVM, while `fee` is `custom`). */
  customCheck: CustomFeeCheck | undefined
  recipient: RecipientCheck
  amountCheck: AmountCheck
  /** The id of the send the Review click made: a second click is the same send. */
  requestId: string | undefined
  /**
   * `unanswered`: the worker stopped before the send's answer reached the screen, and the worker
   * holds the send (`send:status`): it goes on in the next worker, so it is not shown as failed
   * (its outcome is in Activity).
   */
  status: 'editing' | 'confirming' | 'sent' | 'unanswered'
  sentId: string | undefined
  /** The worker's refusal of a field (`invalid_fields`), or of the send. */
  fieldErrors: Record<string, string>
  error: string | undefined
  open(parameters: {
    chainId: ChainId | undefined
    /** The wallet's account keys (`WalletState.accounts`). */
    evmAccounts: readonly AccountKey[]
    /** Their Solana addresses, in the same order (`''`: none). */
    solanaAccounts: readonly string[]
    /** The accounts' names, in the order of `evmAccounts` (the worker's). */
    names: readonly string[]
  }): Promise<void>
  selectNetwork(chainId: ChainId): Promise<void>
  selectFrom(from: string): Promise<void>
  selectAsset(asset: string): Promise<void>
  setTo(to: string): Promise<void>
  setAmount(amount: string): void
  setMax(): void
  setTokenInput(text: string): void
  addToken(): Promise<void>
  chooseFee(fee: FeeChoiceName): void
  setCustomFee(custom: { maxFeeGwei: string; priorityFeeGwei: string }): void
  review(): Promise<void>
}

/** The wallet's accounts, kept from `open` for the namespace a network change lands in. */
let walletAccounts: WalletAccountList = { accounts: [] }

/** The accounts that can send on `chainId` (`accountsIn` its namespace), with their names. */
const accountsIn = (chainId: ChainId | undefined): OwnAccount[] =>
  accountsInNamespace(sendNamespaceOf(chainId ?? '') ?? 'eip155', walletAccounts).map(
    ({ address, name }) => ({
      address,
      name,
    }),
  )

const selectedAsset = (state: Pick<SendStore, 'assets' | 'asset'>): SendAsset | undefined =>
  state.assets.find((asset) => asset.id === state.asset)

/** The fee the user picked, as the worker takes it. */
const feeChoiceOf = (state: Pick<SendStore, 'fee' | 'custom'>): FeeChoice =>
  state.fee === 'custom' ? { name: 'custom', ...state.custom } : { name: state.fee }

/**
 * What the send costs in the native coin besides its amount, for the fee picked; undefined while
 * it is not known (no quote yet, a custom fee not valid).
 */
export function maxFeeOf(
  state: Pick<SendStore, 'quote' | 'fee' | 'customCheck'>,
): bigint | undefined {
  const { quote } = state
  if (!quote) return undefined
  if (quote.namespace === 'solana') return BigInt(quote.fee) + BigInt(quote.rent)
  if (state.fee !== 'custom') return BigInt(quote.market.presets[state.fee].costWei)
  return state.customCheck?.ok ? BigInt(state.customCheck.option.costWei) : undefined
}

/** The checks of the recipient and amount as they are now (`checkRecipient`, `checkSendAmount`). */
function checksOf(state: SendStore): Pick<SendStore, 'recipient' | 'amountCheck' | 'customCheck'> {
  const namespace = sendNamespaceOf(state.chainId ?? '') ?? 'eip155'
  const asset = selectedAsset(state)
  const customCheck =
    state.quote?.namespace === 'eip155' && state.fee === 'custom'
      ? checkCustomFee(state.quote.market, state.custom)
      : undefined
  const maxFee = maxFeeOf({ ...state, customCheck })
  return {
    customCheck,
    recipient: checkRecipient({
      namespace,
      input: state.to,
      ownAccounts: state.accounts,
      ...(asset && asset.id !== 'native' ? { token: asset.id } : {}),
    }),
    amountCheck: asset
      ? checkSendAmount({
          input: state.amount,
          decimals: asset.decimals,
          symbol: asset.symbol,
          balance: BigInt(asset.balance),
          maxFee: asset.id === 'native' ? (maxFee ?? 0n) : 0n,
        })
      : { kind: 'empty' },
  }
}

const draftOf = (state: SendStore): SendDraft | undefined =>
  state.chainId
    ? {
        chainId: state.chainId,
        from: state.from,
        asset: state.asset,
        to: state.to.trim(),
        amount: state.amount.trim(),
        ...(state.quote?.namespace === 'eip155' ? { fee: feeChoiceOf(state) } : {}),
      }
    : undefined

/**
 * What the screen says of a send the worker does not hold: most often one it never received, but a
 * send that finished in the instant its answer was lost reads the same, so it claims nothing was
 * sent only after pointing at Activity (docs/extension.md).
 */
export const sendNotReceived =
  'The wallet does not hold this send: it did not receive it, or it finished just as the wallet stopped. Check Activity before you review it again.'

/** What the screen says of a send rejected in its window while no worker ran. */
export const sendRejected = 'You rejected this send in its confirmation window: nothing was sent.'

/**
 * The screen after the answer to `send:submit` was lost, from what the worker holds of the send
 * (`send:status`): one it holds (running, or kept with its confirmation waiting or approved) goes
 * on, `unanswered`; one rejected meanwhile, or not held at all (the message reached no worker, or
 * the worker stopped before its window opened), is not sent and says so. A status it cannot
 * learn is shown as the error it is. Where the send may still be held (not learned, not held) the
 * request id stays: a second Review re-attaches to it and no second window opens for it.
 */
async function lostSendOutcome(requestId: string, draft: SendDraft): Promise<Partial<SendStore>> {
  try {
    const status = await callBackground('send:status', { requestId, draft })
    if (status === 'rejected') {
      return { status: 'editing', requestId: undefined, error: sendRejected }
    }
    if (status === 'unknown') return { status: 'editing', error: sendNotReceived }
    return { status: 'unanswered', requestId: undefined }
  } catch (error) {
    return { status: 'editing', error: errorMessage(error) }
  }
}

/**
 * The send screen (DESIGN §9): the account, network, asset, recipient and amount, checked as the
 * user types by core's pure checks (the worker checks them again on Review), the fee quoted by the
 * worker, and Review, which hands the draft to the worker: the confirmation window opens there.
 */
export const useSend = create<SendStore>((set, get) => {
  /** Sets `changes` and brings the checks up to date; a changed draft is a new send. */
  const update = (changes: Partial<SendStore>): void => {
    const next = { ...get(), ...changes }
    set({ ...changes, ...checksOf(next), requestId: undefined, fieldErrors: {} })
  }

  const requote = async (): Promise<void> => {
    const draft = draftOf(get())
    if (!draft || !get().from) return
    try {
      const quote = await callBackground('send:quote', { draft: { ...draft, amount: '0' } })
      const now = draftOf(get())
      if (now?.chainId !== draft.chainId || now.from !== draft.from || now.asset !== draft.asset) {
        return
      }
      update({ quote })
    } catch (error) {
      set({ error: errorMessage(error) })
    }
  }

  const loadAssets = async (): Promise<void> => {
    const { chainId, from } = get()
    if (!chainId || !from) return
    try {
      const assets = await callBackground('send:assets', { chainId, from })
      if (get().chainId !== chainId || get().from !== from) return
      const keep = assets.some((asset) => asset.id === get().asset)
      update({ assets, asset: keep ? get().asset : 'native', error: undefined })
      await requote()
    } catch (error) {
      set({ error: errorMessage(error) })
    }
  }

  return {
    networks: [],
    chainId: undefined,
    accounts: [],
    from: '',
    assets: [],
    asset: 'native',
    to: '',
    amount: '',
    tokenInput: '',
    quote: undefined,
    fee: 'normal',
    custom: { maxFeeGwei: '', priorityFeeGwei: '' },
    customCheck: undefined,
    recipient: { kind: 'empty' },
    amountCheck: { kind: 'empty' },
    requestId: undefined,
    status: 'editing',
    sentId: undefined,
    fieldErrors: {},
    error: undefined,

    async open({ chainId, evmAccounts, solanaAccounts, names }) {
      walletAccounts = { accounts: evmAccounts, addresses: { solana: solanaAccounts }, names }
      const networks = (await callBackground('networks:list')).filter(({ enabled }) => enabled)
      const start = networks.find((network) => network.chainId === chainId) ?? networks[0]
      const accounts = accountsIn(start?.chainId)
      update({
        networks,
        chainId: start?.chainId,
        accounts,
        from: accounts[0]?.address ?? '',
        assets: [],
        asset: 'native',
        to: '',
        amount: '',
        quote: undefined,
        status: 'editing',
        sentId: undefined,
        error: undefined,
      })
      await loadAssets()
    },

    async selectNetwork(chainId) {
      const accounts = accountsIn(chainId)
      const index = get().accounts.findIndex((account) => account.address === get().from)
      update({
        chainId,
        accounts,
        from: accounts[Math.max(index, 0)]?.address ?? '',
        assets: [],
        asset: 'native',
        quote: undefined,
        fee: 'normal',
      })
      await loadAssets()
    },

    async selectFrom(from) {
      update({ from, assets: [], quote: undefined })
      await loadAssets()
    },

    async selectAsset(asset) {
      update({ asset, quote: undefined })
      await requote()
    },

    async setTo(to) {
      const before = get().recipient
      update({ to })
      const after = get().recipient
      // The gas of a transfer depends on the recipient (an account or a contract): quoted again.
      const changed =
        after.kind === 'valid' && (before.kind !== 'valid' || before.address !== after.address)
      if (changed) await requote()
    },

    setAmount: (amount) => update({ amount }),

    setMax() {
      const state = get()
      const asset = selectedAsset(state)
      if (!asset) return
      const balance = BigInt(asset.balance)
      const maxFee = maxFeeOf(state)
      if (asset.id === 'native' && maxFee === undefined) return
      const max = asset.id === 'native' ? maxSendable(balance, maxFee ?? 0n) : balance
      update({ amount: formatUnits(max, asset.decimals) })
    },

    setTokenInput: (tokenInput) => set({ tokenInput }),

    async addToken() {
      const { chainId, from, tokenInput } = get()
      if (!chainId) return
      try {
        const token = await callBackground('send:token', {
          chainId,
          from,
          token: tokenInput.trim(),
        })
        const assets = [...get().assets.filter((asset) => asset.id !== token.id), token]
        update({ assets, asset: token.id, tokenInput: '', quote: undefined })
        await requote()
      } catch (error) {
        set({ fieldErrors: fieldErrorsOf(error), error: errorMessage(error) })
      }
    },

    chooseFee: (fee) => update({ fee }),
    setCustomFee: (custom) => update({ custom }),

    async review() {
      const state = get()
      const draft = draftOf(state)
      if (!draft) return
      // The same click twice (or a retry after the window closed unanswered) is the same send.
      const requestId = state.requestId ?? crypto.randomUUID()
      set({ requestId, status: 'confirming', error: undefined, fieldErrors: {} })
      try {
        const { id } = await callBackground('send:submit', { requestId, draft })
        set({ status: 'sent', sentId: id })
      } catch (error) {
        if (error instanceof AnswerLost) {
          set(await lostSendOutcome(requestId, draft))
          return
        }
        set({
          status: 'editing',
          requestId: undefined,
          fieldErrors: fieldErrorsOf(error),
          error: errorMessage(error),
        })
      }
    },
  }
})
