import { isObject } from '@metamask/utils'
import { create } from 'zustand'
import {
  type CustomFeeCheck,
  type CustomFeeInput,
  checkCustomFee,
} from '../../core/eth/fees/checkCustomFee.ts'
import type { FeeChoiceName } from '../../core/eth/fees/feeOption.ts'
import { feeChoiceOf, type TransactionFees } from '../../core/eth/fees/offerFees.ts'
import { sessionKeys } from '../../core/protocol/storageKeys.ts'
import type { ConfirmationView } from '../../core/wallet/confirmationViews.ts'
import { unacknowledgedBlocks } from '../../core/wallet/warnings/warning.ts'
import { callBackground, errorMessage } from '../callBackground.ts'
import { popupPort } from '../popupPort.ts'
import { createArming } from './arming.ts'

type ConfirmationsStore = {
  /** The queue, oldest first; undefined until loaded. */
  items: ConfirmationView[] | undefined
  /** The id of the confirmation shown (the first, until the user moves on). */
  shownId: string | undefined
  /** The origin of the request shown last (kept while none is shown, after an answer). */
  shownOrigin: string | undefined
  /** The request shown comes from another origin than the one shown before it ("Next: …"). */
  originChanged: boolean
  /** Whether the request shown has been on screen long enough to be answered (`arming.ts`). */
  armed: boolean
  /** The request shown when the press on Approve or Reject began; the click answers only it. */
  pressedId: string | undefined
  /**
   * The request whose `block` warnings the user stepped past (`warning-continue`): its Approve is
   * enabled, and its approval names them to the worker. Another request shown needs its own step.
   */
  continuedId: string | undefined
  busy: boolean
  /** An added network's live check, asked for by the user, is under way. */
  checking: boolean
  /**
   * The fee picked on the request shown when it offers one (a transaction): its offer's default
   * until the user picks; `check` is the custom fee's (`checkCustomFee`), undefined on a preset.
   */
  fee:
    | {
        offer: TransactionFees
        choice: FeeChoiceName
        custom: CustomFeeInput
        check: CustomFeeCheck | undefined
      }
    | undefined
  /** `confirm-fee`: picks a preset or custom. */
  chooseFee(choice: FeeChoiceName): void
  /** `confirm-fee-max-gwei` / `confirm-fee-priority-gwei`: the custom fee typed. */
  setCustomFee(custom: CustomFeeInput): void
  /** The last answer given, shown once the queue is empty (then the window closes itself). */
  lastAnswer: 'approved' | 'rejected' | undefined
  error: string | undefined
  /** A close is scheduled (the queue was empty after an answer); the worker has the last word. */
  closing: boolean
  /**
   * The requests this window answered: taken off its queue at once, so the storage changes their
   * answers make (the record answered, then released after the page has the answer) load nothing.
   */
  answeredIds: readonly string[]
  load(): Promise<void>
  /**
   * Takes `items` as the queue (the worker's list): keeps the request shown if it is still there,
   * else shows the oldest; an empty queue after an answer closes the window (with the worker's consent).
   */
  take(items: ConfirmationView[]): void
  /** Loads again whenever the queue changes in storage; returns the stop. */
  watch(): () => void
  next(): void
  /** A press on Approve or Reject begins (pointer down, or a key down on the button). */
  press(): void
  /** The click that ends the press: answers the request pressed on, if it is still the one shown. */
  answer(approved: boolean): Promise<void>
  /** `warning-continue`: steps past the `block` warnings of the request shown (re-arms Approve). */
  continuePastWarnings(): void
  /**
   * "Check network" on the `add_network` request shown: the worker checks it now (with the user's
   * `allowLocal` opt-in) and keeps the outcome on the request; Approve is re-armed once it shows.
   */
  checkNetwork(allowLocal: boolean): Promise<void>
}

/** The fee offer of a confirmation's view (`fees`), when it has one. */
const offerOf = (item: ConfirmationView | undefined): TransactionFees | undefined =>
  item && isObject(item.view) && isObject(item.view.fees)
    ? (item.view.fees as unknown as TransactionFees)
    : undefined

/** The fee state of `offer` with `choice` and `custom`, the custom fee checked. */
const feeState = (
  offer: TransactionFees,
  choice: FeeChoiceName,
  custom: CustomFeeInput,
): ConfirmationsStore['fee'] => ({
  offer,
  choice,
  custom,
  check: choice === 'custom' ? checkCustomFee(offer.market, custom) : undefined,
})

/** Long enough for the user (and automation) to see the outcome before the window goes away. */
const closeDelayMs = 400

/**
 * The confirmation queue of this window (DESIGN §3): every pending request, across origins, as
 * the worker lists them. The window shows one at a time ("1 of 3"); answering one shows the next.
 * Once the queue is empty the window closes itself, but only with the worker's consent
 * (`confirmations:close`): a request that came meanwhile keeps it open (DESIGN §6).
 *
 * A click answers only what the user saw (DESIGN §6, docs/security.md "Windows"): each newly shown
 * request disarms the buttons for a moment, so the second click of a double-click on the request
 * before falls on a disabled button; and the answer goes to the request shown when the press
 * began, by its id, and to none if another one is shown by the time the click ends it.
 */
export const useConfirmations = create<ConfirmationsStore>((set, get) => {
  const arming = createArming((armed) => set({ armed }))
  /** Shows `id` (or nothing), disarming the buttons when the request shown changes. */
  const show = (items: ConfirmationView[], id: string | undefined) => {
    const { shownId, shownOrigin } = get()
    if (id === shownId) return
    const item = items.find((candidate) => candidate.id === id)
    const origin = item?.origin
    const offer = offerOf(item)
    set({
      shownId: id,
      pressedId: undefined,
      fee: offer ? feeState(offer, offer.choice, offer.custom) : undefined,
      ...(origin === undefined
        ? {}
        : {
            shownOrigin: origin,
            originChanged: shownOrigin !== undefined && origin !== shownOrigin,
          }),
    })
    if (id !== undefined) arming.rearm()
  }
  return {
    items: undefined,
    shownId: undefined,
    shownOrigin: undefined,
    originChanged: false,
    armed: false,
    pressedId: undefined,
    continuedId: undefined,
    busy: false,
    checking: false,
    lastAnswer: undefined,
    error: undefined,
    closing: false,
    answeredIds: [],
    fee: undefined,
    chooseFee(choice) {
      const { fee } = get()
      if (fee) set({ fee: feeState(fee.offer, choice, fee.custom) })
    },
    setCustomFee(custom) {
      const { fee } = get()
      if (fee) set({ fee: feeState(fee.offer, fee.choice, custom) })
    },
    async load() {
      const answeredBefore = get().answeredIds
      try {
        const listed = await callBackground('confirmations:list')
        // A list asked for before one of this window's answers went out does not bring that
        // request back; one asked after it is the worker's word (a worker stopped before the
        // answer's write has it waiting again: it shows again).
        const answeredSince = get().answeredIds.filter((id) => !answeredBefore.includes(id))
        get().take(listed.filter((item) => !answeredSince.includes(item.id)))
      } catch (error) {
        set({ items: [], error: errorMessage(error) })
      }
    },
    take(items) {
      const { shownId, lastAnswer, closing } = get()
      const stillThere = items.some((item) => item.id === shownId)
      set({ items })
      show(items, stillThere ? shownId : items[0]?.id)
      if (items.length > 0 || !lastAnswer || closing) return
      set({ closing: true })
      setTimeout(async () => {
        try {
          if (await callBackground('confirmations:close')) return popupPort().close()
          set({ closing: false })
          await get().load()
        } catch (error) {
          set({ closing: false, error: errorMessage(error) })
        }
      }, closeDelayMs)
    },
    watch() {
      return popupPort().onStorageChanged((keys, area) => {
        const { answeredIds } = get()
        const queueChanged = keys.some(
          (key) =>
            key.startsWith(sessionKeys.confirmationPrefix) &&
            !answeredIds.includes(key.slice(sessionKeys.confirmationPrefix.length)),
        )
        if (area === 'session' && queueChanged) void get().load()
      })
    },
    next() {
      const { items = [], shownId } = get()
      if (items.length < 2) return
      const index = items.findIndex((item) => item.id === shownId)
      show(items, items[(index + 1) % items.length]?.id)
    },
    press() {
      const { armed, busy, shownId } = get()
      set({ pressedId: armed && !busy ? shownId : undefined })
    },
    async answer(approved) {
      const { pressedId, shownId, continuedId, fee, items = [] } = get()
      set({ pressedId: undefined })
      if (pressedId === undefined || pressedId !== shownId) return
      const blocks = unacknowledgedBlocks(
        items.find((item) => item.id === pressedId)?.warnings ?? [],
      )
      if (approved && blocks.length > 0 && continuedId !== pressedId) return
      set({ busy: true, error: undefined })
      try {
        await callBackground(
          'confirmation:resolve',
          approved
            ? {
                id: pressedId,
                approved,
                ...(blocks.length > 0 ? { acknowledged: blocks.map(({ kind }) => kind) } : {}),
                ...(fee ? { fee: feeChoiceOf(fee) } : {}),
              }
            : { id: pressedId, approved },
        )
        set({
          busy: false,
          lastAnswer: approved ? 'approved' : 'rejected',
          shownId: undefined,
          answeredIds: [...get().answeredIds, pressedId],
        })
        // What is left shows at once, and an empty queue closes the window with the worker's
        // consent (`take`): nothing is asked of the worker while it answers the page (issue 36).
        // A request that came meanwhile is loaded by its own storage change (`watch`).
        get().take((get().items ?? []).filter((item) => item.id !== pressedId))
      } catch (error) {
        set({ busy: false, error: errorMessage(error) })
      }
    },
    continuePastWarnings() {
      const { shownId, armed } = get()
      if (shownId === undefined || !armed) return
      set({ continuedId: shownId })
      // What Approve would do has just changed: the click that stepped past does not approve.
      arming.rearm()
    },
    async checkNetwork(allowLocal) {
      const { shownId, armed, checking } = get()
      if (shownId === undefined || !armed || checking) return
      set({ checking: true, error: undefined })
      try {
        await callBackground('confirmation:checkNetwork', { id: shownId, allowLocal })
        set({ checking: false })
        await get().load()
        // What Approve would do has just changed: a click meant for Check does not add.
        if (get().shownId === shownId) arming.rearm()
      } catch (error) {
        set({ checking: false, error: errorMessage(error) })
      }
    },
  }
})
