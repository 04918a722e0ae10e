import type { ChainId } from '../core/caip/types.ts'
import { localKeys } from '../core/protocol/storageKeys.ts'
import type {
  ApprovalScan,
  ApprovalScanStore,
} from '../core/wallet/approvals/findStandingApprovals.ts'
import type { Storage } from './storage.ts'

type StoredScans = Record<string, ApprovalScan>

/**
 * The approval manager's last scan of each account on each chain, in `storage.local`
 * (`approvalScans`, keyed `<chainId>:<lowercase address>`): public data (a block, the approvals
 * its logs named) that spares the next look the chain's whole history.
 */
export function createApprovalScans(local: Storage) {
  const readAll = async (): Promise<StoredScans> =>
    (await local.read<StoredScans>(localKeys.approvalScans)) ?? {}
  return {
    /** One account's scan on one chain. */
    of(chainId: ChainId, owner: string): ApprovalScanStore {
      const key = `${chainId}:${owner.toLowerCase()}`
      return {
        read: async () => (await readAll())[key],
        write: async (scan) =>
          local.write(localKeys.approvalScans, { ...(await readAll()), [key]: scan }),
      }
    },
  }
}

export type ApprovalScans = ReturnType<typeof createApprovalScans>
