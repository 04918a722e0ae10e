import { create } from 'zustand'
import type { ConfirmationView } from '../../core/wallet/confirmationViews.ts'
import { callBackground, errorMessage } from '../callBackground.ts'

type ConfirmationsStore = {
  /** The queue, oldest first; undefined until loaded. */
  items: ConfirmationView[] | undefined
  /** The id of the confirmation shown (the first, until the user moves on). */
  shownId: string | undefined
  busy: boolean
  /** The last answer given, shown once the queue is empty (then the window closes itself). */
  lastAnswer: 'approved' | 'rejected' | undefined
  error: string | undefined
  /** A close is scheduled (the queue was empty after an answer); the worker has the last word. */
  closing: boolean
  load(): Promise<void>
  next(): void
  answer(approved: boolean): Promise<void>
}

/** Long enough for the user (and automation) to see the outcome before the window goes away. */
const closeDelayMs = 400

/**
 * The confirmation queue of this window (DESIGN §3): every pending request, across origins, as
 * the worker lists them. The window shows one at a time ("1 of 3"); answering one shows the next.
 * Once the queue is empty the window closes itself, but only with the worker's consent
 * (`confirmations:close`): a request that came meanwhile keeps it open (DESIGN §6).
 */
export const useConfirmations = create<ConfirmationsStore>((set, get) => ({
  items: undefined,
  shownId: undefined,
  busy: false,
  lastAnswer: undefined,
  error: undefined,
  closing: false,
  async load() {
    try {
      const items = await callBackground('confirmations:list')
      const { shownId, lastAnswer, closing } = get()
      const stillThere = items.some((item) => item.id === shownId)
      set({ items, shownId: stillThere ? shownId : items[0]?.id })
      if (items.length > 0 || !lastAnswer || closing) return
      set({ closing: true })
      setTimeout(async () => {
        try {
          if (await callBackground('confirmations:close')) return window.close()
          set({ closing: false })
          await get().load()
        } catch (error) {
          set({ closing: false, error: errorMessage(error) })
        }
      }, closeDelayMs)
    } catch (error) {
      set({ items: [], error: errorMessage(error) })
    }
  },
  next() {
    const { items = [], shownId } = get()
    if (items.length < 2) return
    const index = items.findIndex((item) => item.id === shownId)
    set({ shownId: items[(index + 1) % items.length]?.id })
  },
  async answer(approved) {
    const { shownId } = get()
    if (shownId === undefined) return
    set({ busy: true, error: undefined })
    try {
      await callBackground('confirmation:resolve', { id: shownId, approved })
      set({ busy: false, lastAnswer: approved ? 'approved' : 'rejected', shownId: undefined })
      await get().load()
    } catch (error) {
      set({ busy: false, error: errorMessage(error) })
    }
  },
}))
