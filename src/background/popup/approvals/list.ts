import type { Address } from 'viem'
import { notYourNetwork } from '../../../core/rpc/errors.ts'
import { findStandingApprovals } from '../../../core/wallet/approvals/findStandingApprovals.ts'
import { checkSender } from '../../../core/wallet/send/sendFromWallet.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'
import { sendPortsOf } from '../send/sendPorts.ts'

/**
 * `approvals:list`: the approval manager's rows, the account's standing approvals on one of the
 * wallet's EVM networks, read through that network's endpoint.
 */
export const approvalsList =
  (
    ports: Pick<
      PopupPorts,
      'wallet' | 'networks' | 'nodeCall' | 'confirmations' | 'signer' | 'solanaSigner'
    >,
  ): PopupHandler<'approvals:list'> =>
  async ({ chainId, owner }) => {
    const { namespace, from } = await checkSender(sendPortsOf(ports), { chainId, from: owner })
    if (namespace !== 'eip155') throw notYourNetwork(chainId)
    return findStandingApprovals({ call: ports.nodeCall(chainId), owner: from as Address })
  }
