import type { ChainId } from '../core/caip/types.ts'
import { localKeys } from '../core/protocol/storageKeys.ts'
import type {
  ApprovalScan,
  ApprovalScanStore,
} from '../core/wallet/approvals/findStandingApprovals.ts'
import type { Storage } from './storage.ts'

/**
 * The approval manager's last scan of each account on each chain, in `storage.local`, one item per
 * account and chain (`approvalScan:<chainId>:<lowercase address>`), so scans of two accounts or
 * chains ending at the same moment never write over each other's: public data (a block, the
 * approvals its logs named) that spares the next look the chain's whole history.
 */
export function createApprovalScans(local: Storage) {
  return {
    /** One account's scan on one chain. */
    of(chainId: ChainId, owner: string): ApprovalScanStore {
      const key = `${localKeys.approvalScanPrefix}${chainId}:${owner.toLowerCase()}`
      return {
        read: () => local.read<ApprovalScan>(key),
        write: (scan) => local.write(key, scan),
      }
    },
  }
}

export type ApprovalScans = ReturnType<typeof createApprovalScans>
