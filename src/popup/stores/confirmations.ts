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
  load(): Promise<void>
  next(): void
  answer(approved: boolean): Promise<void>
}

/** Long enough for the user (and automation) to see the outcome before the window goes away. */
const closeDelayMs = 400

/**
 * The confirmation queue of this window (DESIGN §3): every pending request, across origins, as
 * the worker lists them. The window shows one at a time ("1 of 3"); answering one shows the next.
 */
export const useConfirmations = create<ConfirmationsStore>((set, get) => ({
  items: undefined,
  shownId: undefined,
  busy: false,
  lastAnswer: undefined,
  error: undefined,
  async load() {
    try {
      const items = await callBackground('confirmations:list')
      const { shownId, lastAnswer } = get()
      const stillThere = items.some((item) => item.id === shownId)
      set({ items, shownId: stillThere ? shownId : items[0]?.id })
      if (items.length === 0 && lastAnswer) setTimeout(() => window.close(), closeDelayMs)
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
