import type { Address } from 'viem'
import { findStandingApprovals } from '../../../core/wallet/approvals/findStandingApprovals.ts'
import { findTokenDelegates } from '../../../core/wallet/approvals/findTokenDelegates.ts'
import { checkSender } from '../../../core/wallet/send/sendFromWallet.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'
import { type ReadPopupPorts, readPortsOf } from '../send/sendPorts.ts'

/**
 * `approvals:list`: the approval manager's rows, the account's standing approvals on one of the
 * wallet's networks, read through that network's endpoint: on EVM its allowances, operators and
 * Permit2 allowances, on Solana its token accounts' delegates.
 */
export const approvalsList =
  (ports: ReadPopupPorts & Pick<PopupPorts, 'approvalScans'>): PopupHandler<'approvals:list'> =>
  async ({ chainId, owner }) => {
    const { namespace, from } = await checkSender(readPortsOf(ports), { chainId, from: owner })
    const call = ports.nodeCall(chainId)
    return namespace === 'solana'
      ? findTokenDelegates(call, from)
      : findStandingApprovals({
          call,
          owner: from as Address,
          scans: ports.approvalScans.of(chainId, from),
        })
  }
