import { create } from 'zustand'
import type { ChainId } from '../../core/caip/types.ts'
import type { StandingApproval } from '../../core/wallet/approvals/findStandingApprovals.ts'
import type { TokenDelegate } from '../../core/wallet/approvals/findTokenDelegates.ts'
import type { TrackedTransaction } from '../../core/wallet/transactionStatus.ts'
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

/** What the activity list says of a sent revoke's transaction; `pending` while it says nothing. */
type RevokeOutcome = Pick<TrackedTransaction, 'status' | 'reason'>

const stillPending: RevokeOutcome = { status: 'pending' }

/**
 * Where the transaction `id` of a revoke stands, as the activity list has it (`transactions:list`,
 * `solanaTransactions:list`: the worker asks the node, the popup never does). A speed-up carries the
 * same revoke, so a `replaced` one is followed to the transaction that took its place. `pending`
 * while the list does not hold it yet (the worker writes it just after the send) or cannot be read:
 * the rows still tell, and the wait's end says the revoke was not seen in a block.
 */
async function revokeOutcomeOf({ approval }: ApprovalRow, id: string): Promise<RevokeOutcome> {
  try {
    if (approval.kind === 'delegate') {
      const sent = await callBackground('solanaTransactions:list')
      return sent.find(({ signature }) => signature === id) ?? stillPending
    }
    const byHash = new Map(
      (await callBackground('transactions:list')).map((sent) => [sent.hash.toLowerCase(), sent]),
    )
    let sent = byHash.get(id.toLowerCase())
    const followed = new Set<TrackedTransaction>()
    while (sent?.status === 'replaced' && sent.replacedBy !== undefined && !followed.has(sent)) {
      followed.add(sent)
      sent = byHash.get(sent.replacedBy.toLowerCase())
    }
    return sent ?? stillPending
  } catch (error) {
    console.warn('Aperture: the status of a sent revoke could not be read', error)
    return stillPending
  }
}

/** The row's error once its revoke will not end the approval; undefined while it may. */
function revokeFailureOf({ status, reason }: RevokeOutcome): string | undefined {
  if (status === 'failed') {
    return `Revoke failed: the transaction reverted on chain${reason ? ` (${reason})` : ''}.`
  }
  if (status === 'cancelled') return 'Revoke cancelled: its transaction was replaced by a cancel.'
  if (status === 'dropped') {
    return 'Revoke failed: another transaction took its nonce, so it will not be mined.'
  }
  return undefined
}

/** The row's error when the rereads end before the revoke's transaction is seen in a block. */
export const revokeUnseenError = `Revoke sent, but not seen in a block after ${
  (maxRevokeRereads * revokeRereadMs) / 1000
} s: see its status in the account's transactions before revoking again.`

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
  /**
   * The row (`rowKeyOf`) whose sent revoke will not end its approval — its transaction reverted,
   * was dropped or cancelled — or was not seen in a block while the rows were read again, and why.
   */
  revokeFailure: { row: string; message: string } | undefined
  load(scopes: ApprovalScope[]): Promise<void>
  revoke(row: ApprovalRow): Promise<void>
}

/**
 * The approval manager (DESIGN §11) of the account screen: its rows come from the worker, which
 * finds and checks them on the chain (EVM allowances, Solana token delegates), and a Revoke goes
 * through the confirmation window like a send. A sent revoke is in the node's hands, not yet in a
 * block: the rows are read again until its row is gone (`revokeRereadMs`, at most `maxRevokeRereads`
 * times, while the same scopes are shown), its transaction followed meanwhile in the activity list.
 * A revoke whose transaction reverted (or was dropped, or cancelled) stops the wait at once; one
 * still not seen in a block when the rereads end is not taken for done either: its row says which
 * (`revokeFailure`) and Revoke is free again. A scope the worker could not read shows its error
 * beside the rows of the others.
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
    revokeFailure: undefined,
    async load(scopes) {
      set({ scopes, rows: undefined, error: undefined, revokeFailure: undefined })
      await readRows(scopes)
    },
    async revoke(row) {
      const { chainId, owner, approval } = row
      const requestId = get().requestId ?? crypto.randomUUID()
      set({
        revoking: spenderIdOf(approval),
        requestId,
        error: undefined,
        revokeFailure: undefined,
      })
      let sent: { id: string }
      try {
        sent = await callBackground('approvals:revoke', { requestId, chainId, owner, approval })
      } catch (error) {
        set({ revoking: undefined, requestId: undefined, error: errorMessage(error) })
        return
      }
      set({ requestId: undefined })
      const { scopes } = get()
      const stands = () => get().rows?.some((each) => rowKeyOf(each) === rowKeyOf(row)) ?? false
      let outcome = stillPending
      for (let reread = 0; ; reread += 1) {
        if (reread > 0) await new Promise((resolve) => setTimeout(resolve, revokeRereadMs))
        const [, latest] = await Promise.all([readRows(scopes), revokeOutcomeOf(row, sent.id)])
        outcome = latest
        const ended = revokeFailureOf(outcome) !== undefined
        if (ended || reread === maxRevokeRereads || get().scopes !== scopes || !stands()) break
      }
      const message =
        revokeFailureOf(outcome) ?? (outcome.status === 'pending' ? revokeUnseenError : undefined)
      const failed = get().scopes === scopes && stands() && message !== undefined
      set({
        revoking: undefined,
        revokeFailure: failed ? { row: rowKeyOf(row), message } : undefined,
      })
    },
  }
})
