import { create } from 'zustand'
import type { ChainId } from '../../core/caip/types.ts'
import type { StandingApproval } from '../../core/wallet/approvals/findStandingApprovals.ts'
import type { TokenDelegate } from '../../core/wallet/approvals/findTokenDelegates.ts'
import { callBackground, errorMessage } from '../callBackground.ts'

/** One network and the account's address on it, whose approvals the manager lists. */
export type ApprovalScope = { chainId: ChainId; owner: string }

/** One row of the approval manager: an approval, with the network and address it stands on. */
export type ApprovalRow = ApprovalScope & { approval: StandingApproval | TokenDelegate }

/**
 * The spender as a row's test ids name it (`approval-row-<id>`, DESIGN §11): an EVM address in
 * lowercase, a Solana delegate in base58 as it is (base58 is case-sensitive: lowercasing it would
 * name another key, or none).
 */
export const spenderIdOf = (approval: StandingApproval | TokenDelegate): string =>
  approval.kind === 'delegate' ? approval.spender : approval.spender.toLowerCase()

/** What tells one row from every other: its network, kind, contract (or token account) and spender. */
export function rowKeyOf({ chainId, approval }: ApprovalRow): string {
  const where = approval.kind === 'delegate' ? approval.account : approval.contract
  return `${chainId}:${approval.kind}:${where}:${spenderIdOf(approval)}`
}

/**
 * How long the manager waits before reading the rows again while a sent revoke still shows: about
 * one block on a devnet, as the balances (a node answers a transaction before its block is made).
 */
export const revokeRereadMs = 2_000
/** How many times the rows are read again for one sent revoke: about five mainnet blocks. */
export const maxRevokeRereads = 30

type ApprovalsStore = {
  /** The networks and addresses shown; the rows belong to them. */
  scopes: ApprovalScope[]
  /** The standing approvals of every scope; undefined while they are read. */
  rows: ApprovalRow[] | undefined
  /**
   * The spender (`spenderIdOf`) whose revoke the user is asked to confirm, or whose sent revoke is
   * not in a block yet (then `requestId` is undefined).
   */
  revoking: string | undefined
  /** One id per Revoke pressed: a second click on the same row re-attaches to its confirmation. */
  requestId: string | undefined
  error: string | undefined
  load(scopes: ApprovalScope[]): Promise<void>
  revoke(row: ApprovalRow): Promise<void>
}

/**
 * The approval manager (DESIGN §11) of the account screen: its rows come from the worker, which
 * finds and checks them on the chain (EVM allowances, Solana token delegates), and a Revoke goes
 * through the confirmation window like a send. A sent revoke is in the node's hands, not yet in a
 * block: the rows are read again until its row is gone (`revokeRereadMs`, at most `maxRevokeRereads`
 * times, while the same scopes are shown). A scope the worker could not read shows its error beside
 * the rows of the others.
 */
export const useApprovals = create<ApprovalsStore>((set, get) => {
  /** Reads every scope's rows into the store, unless other scopes are shown by then. */
  const readRows = async (scopes: ApprovalScope[]): Promise<void> => {
    const read = await Promise.allSettled(
      scopes.map(async (scope) =>
        (await callBackground('approvals:list', scope)).map(
          (approval): ApprovalRow => ({ ...scope, approval }),
        ),
      ),
    )
    if (get().scopes !== scopes) return
    const failed = read.find((outcome) => outcome.status === 'rejected')
    set({
      rows: read.flatMap((outcome) => (outcome.status === 'fulfilled' ? outcome.value : [])),
      error: failed ? errorMessage(failed.reason) : undefined,
    })
  }
  return {
    scopes: [],
    rows: undefined,
    revoking: undefined,
    requestId: undefined,
    error: undefined,
    async load(scopes) {
      set({ scopes, rows: undefined, error: undefined })
      await readRows(scopes)
    },
    async revoke(row) {
      const { chainId, owner, approval } = row
      const requestId = get().requestId ?? crypto.randomUUID()
      set({ revoking: spenderIdOf(approval), requestId, error: undefined })
      try {
        await callBackground('approvals:revoke', { requestId, chainId, owner, approval })
      } catch (error) {
        set({ revoking: undefined, requestId: undefined, error: errorMessage(error) })
        return
      }
      set({ requestId: undefined })
      const { scopes } = get()
      const stands = () => get().rows?.some((each) => rowKeyOf(each) === rowKeyOf(row)) ?? false
      await readRows(scopes)
      for (
        let reread = 0;
        reread < maxRevokeRereads && get().scopes === scopes && stands();
        reread += 1
      ) {
        await new Promise((resolve) => setTimeout(resolve, revokeRereadMs))
        await readRows(scopes)
      }
      set({ revoking: undefined })
    },
  }
})
