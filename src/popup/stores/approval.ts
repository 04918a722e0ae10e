import type { Address } from 'viem'
import { create } from 'zustand'
import type { ChainId } from '../../core/caip/types.ts'
import type { ApprovalView, PopupRequests } from '../../core/protocol/popupMessages.ts'
import { callBackground, errorMessage } from '../callBackground.ts'
import { popupPort } from '../popupPort.ts'
import { createArming } from './arming.ts'

type ApprovalStore = {
  approval: ApprovalView | null | undefined
  chains: ChainId[]
  accounts: Address[]
  busy: boolean
  /** Whether the request has been on screen long enough to be approved (`arming.ts`). */
  armed: boolean
  /** Set once the answer is recorded; the window then closes itself after a moment. */
  answered: 'approved' | 'rejected' | undefined
  error: string | undefined
  load(id: string): Promise<void>
  /** On the phishing warning page: continue to the site on purpose, then show the request. */
  continueToSite(): Promise<void>
  toggleChain(chainId: ChainId): void
  toggleAccount(address: Address): void
  approve(): Promise<void>
  reject(): Promise<void>
  /** Closes the window (once the request is gone). */
  close(): void
}

/** Long enough for the user (and automation) to see the outcome before the window goes away. */
const closeDelayMs = 400

/**
 * Whether Approve may answer now: a request on screen long enough (`armed`), no answer on its way,
 * and at least one chain and one account checked. The button and `approve()` both ask this.
 */
export const canApprove = (
  state: Pick<ApprovalStore, 'approval' | 'chains' | 'accounts' | 'busy' | 'armed'>,
): boolean =>
  Boolean(state.approval) &&
  state.armed &&
  !state.busy &&
  state.chains.length > 0 &&
  state.accounts.length > 0

const toggle = <T>(list: T[], item: T): T[] =>
  list.includes(item) ? list.filter((other) => other !== item) : [...list, item]

/**
 * The `wallet_createSession` awaiting the user in this window: what is offered and what the user
 * has checked (every chain, and the accounts the dapp named, at first). Required chains stay checked.
 * The window shows one request and never another: its Approve is only disarmed for a moment once
 * the request is shown (a window that opens under a click in progress does not take that click).
 */
export const useApproval = create<ApprovalStore>((set, get) => {
  const arming = createArming((armed) => set({ armed }))
  const resolve = async (answer: PopupRequests['approval:resolve']['params']) => {
    set({ busy: true, error: undefined })
    try {
      await callBackground('approval:resolve', answer)
      set({ answered: answer.result.approved ? 'approved' : 'rejected' })
      setTimeout(() => popupPort().close(), closeDelayMs)
    } catch (error) {
      set({ busy: false, error: errorMessage(error) })
    }
  }
  return {
    approval: undefined,
    chains: [],
    accounts: [],
    busy: false,
    armed: false,
    answered: undefined,
    error: undefined,
    async load(id) {
      try {
        const approval = await callBackground('approval:get', { id })
        set({
          approval,
          chains: approval?.request.chains.map(({ chainId }) => chainId) ?? [],
          accounts: approval?.request.preselectedAccounts ?? [],
        })
        if (approval) arming.rearm()
      } catch (error) {
        set({ approval: null, error: errorMessage(error) })
      }
    },
    async continueToSite() {
      const { approval } = get()
      if (!approval) return
      set({ busy: true, error: undefined })
      try {
        await callBackground('approval:continueToSite', { id: approval.id })
        set({ busy: false })
        await get().load(approval.id)
      } catch (error) {
        set({ busy: false, error: errorMessage(error) })
      }
    },
    toggleChain(chainId) {
      const required = get().approval?.request.chains.find((chain) => chain.chainId === chainId)
      if (required?.required) return
      set({ chains: toggle(get().chains, chainId) })
    },
    toggleAccount: (address) => set({ accounts: toggle(get().accounts, address) }),
    async approve() {
      const state = get()
      const { approval, chains, accounts } = state
      if (!approval || !canApprove(state)) return
      await resolve({ id: approval.id, result: { approved: true, chains, accounts } })
    },
    async reject() {
      const { approval } = get()
      if (approval) await resolve({ id: approval.id, result: { approved: false } })
      else popupPort().close()
    },
    close: () => popupPort().close(),
  }
})
