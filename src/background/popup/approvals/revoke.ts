import { revokeApproval } from '../../../core/wallet/approvals/revokeApproval.ts'
import type { PopupHandler } from '../ports.ts'
import { type SendPopupPorts, sendPortsOf } from '../send/sendPorts.ts'

/**
 * `approvals:revoke`: the approval manager's Revoke. The approval is checked again on the chain and
 * its revoke goes to the confirmation window as the wallet's own request (`revokeApproval`).
 */
export const approvalsRevoke =
  (ports: SendPopupPorts): PopupHandler<'approvals:revoke'> =>
  (params) =>
    revokeApproval(sendPortsOf(ports), params)
