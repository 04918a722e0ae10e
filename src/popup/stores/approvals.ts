import { create } from 'zustand'
import type { ChainId } from '../../core/caip/types.ts'
import type { StandingApproval } from '../../core/wallet/approvals/findStandingApprovals.ts'
import { callBackground, errorMessage } from '../callBackground.ts'

type ApprovalsStore = {
  /** The account and network shown; the rows belong to them. */
  owner: string | undefined
  chainId: ChainId | undefined
  /** The standing approvals; undefined while they are read. */
  approvals: StandingApproval[] | undefined
  /** The spender (lowercase) whose revoke the user is asked to confirm. */
  revoking: string | undefined
  /** One id per Revoke pressed: a second click on the same row re-attaches to its confirmation. */
  requestId: string | undefined
  error: string | undefined
  load(chainId: ChainId, owner: string): Promise<void>
  revoke(approval: StandingApproval): Promise<void>
}

/**
 * The approval manager (DESIGN §11) of the account screen: its rows come from the worker, which
 * finds and checks them on the chain, and a Revoke goes through the confirmation window like a send.
 */
export const useApprovals = create<ApprovalsStore>((set, get) => ({
  owner: undefined,
  chainId: undefined,
  approvals: undefined,
  revoking: undefined,
  requestId: undefined,
  error: undefined,
  async load(chainId, owner) {
    set({ chainId, owner, approvals: undefined, error: undefined })
    try {
      const approvals = await callBackground('approvals:list', { chainId, owner })
      if (get().chainId === chainId && get().owner === owner) set({ approvals })
    } catch (error) {
      set({ approvals: [], error: errorMessage(error) })
    }
  },
  async revoke(approval) {
    const { chainId, owner } = get()
    if (!chainId || !owner) return
    const requestId = get().requestId ?? crypto.randomUUID()
    set({ revoking: approval.spender.toLowerCase(), requestId, error: undefined })
    try {
      await callBackground('approvals:revoke', { requestId, chainId, owner, approval })
      set({ revoking: undefined, requestId: undefined })
      await get().load(chainId, owner)
    } catch (error) {
      set({ revoking: undefined, requestId: undefined, error: errorMessage(error) })
    }
  },
}))
