import { isObject } from '@metamask/utils'
import type { Hex } from 'viem'
import type { ReplacementKind } from '../eth/signing/ports.ts'
import {
  type ReplaceTransactionPorts,
  replaceTransaction,
} from '../eth/signing/replaceTransaction.ts'
import { type RevokeApprovalRequest, revokeApproval } from './approvals/revokeApproval.ts'
import type { OwnRequest } from './createOwnRequests.ts'
import {
  sendFromWallet,
  type WalletSendPorts,
  type WalletSendRequest,
} from './send/sendFromWallet.ts'

/** What the wallet's own actions reach the world through: the send's ports and the signer's. */
export type RunOwnRequestPorts = { send: WalletSendPorts; replace: ReplaceTransactionPorts }

/**
 * Runs a kept request of the wallet's own again (`createOwnRequests.resume`) by its action, with
 * the params it was first called with: each action checks them again as it did then. Settles when
 * the request does (a replacement's answer included).
 */
export async function runOwnRequest(
  ports: RunOwnRequestPorts,
  { method, params }: OwnRequest,
): Promise<unknown> {
  // Kept by this worker in `storage.session`, which only the extension's own pages can write.
  if (!isObject(params)) throw new Error(`the kept ${method} has no params`)
  switch (method) {
    case 'aperture_send':
      return sendFromWallet(ports.send, params as WalletSendRequest)
    case 'aperture_revoke':
      return revokeApproval(ports.send, params as RevokeApprovalRequest)
    case 'aperture_replace': {
      const replacing = params as { hash: Hex; kind: ReplacementKind }
      return (await replaceTransaction(ports.replace, replacing)).answer
    }
  }
}
