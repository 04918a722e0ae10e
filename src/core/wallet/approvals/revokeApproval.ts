import { isObject } from '@metamask/utils'
import { type Address, encodeFunctionData, getAddress, isAddress, isAddressEqual } from 'viem'
import type { ChainId } from '../../caip/types.ts'
import type { TransactionRequest } from '../../eth/parseTransactionParams.ts'
import { requestIdentityOf } from '../../protocol/requestIdentity.ts'
import { invalidFields } from '../../rpc/errors.ts'
import {
  answerOf,
  checkSender,
  type WalletSendPorts,
  type WalletSendResult,
} from '../send/sendFromWallet.ts'
import { walletOrigin } from '../walletOrigin.ts'
import { erc20Abi, erc721Abi, permit2Abi, permit2Address } from './approvalAbis.ts'
import { type ApprovalKey, checkApproval, readLatestHead } from './findStandingApprovals.ts'

export type RevokeApprovalPorts = Pick<
  WalletSendPorts,
  'node' | 'signer' | 'release' | 'ownAddresses' | 'hasNetwork'
>

/** One revoke the user asked for once: `requestId` is the screen's, so a second click re-attaches. */
export type RevokeApprovalRequest = {
  requestId: string
  chainId: ChainId
  owner: string
  approval: ApprovalKey
}

const maxRequestIdLength = 64

const addressOf = (value: unknown): Address | undefined =>
  typeof value === 'string' && isAddress(value, { strict: false }) ? getAddress(value) : undefined

/** The approval a revoke names, its addresses as EIP-55, or undefined when it is malformed. */
export function parseApprovalKey(value: unknown): ApprovalKey | undefined {
  if (!isObject(value)) return undefined
  const contract = addressOf(value.contract)
  const spender = addressOf(value.spender)
  if (!contract || !spender) return undefined
  if (value.kind === 'erc20' || value.kind === 'operator') {
    return { kind: value.kind, contract, spender }
  }
  const token = addressOf(value.token)
  if (value.kind !== 'permit2' || !token || !isAddressEqual(contract, permit2Address)) {
    return undefined
  }
  return { kind: 'permit2', contract, spender, token }
}

/**
 * The transaction that ends `approval`, as a dapp's `eth_sendTransaction` would ask it (the
 * confirmation fills and shows the rest): `approve(spender, 0)` on the token, `setApprovalForAll
 * (operator, false)` on the collection, Permit2's `approve(token, spender, 0, 0)`.
 */
export function buildRevokeRequest(owner: Address, approval: ApprovalKey): TransactionRequest {
  const data =
    approval.kind === 'erc20'
      ? encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [approval.spender, 0n] })
      : approval.kind === 'operator'
        ? encodeFunctionData({
            abi: erc721Abi,
            functionName: 'setApprovalForAll',
            args: [approval.spender, false],
          })
        : encodeFunctionData({
            abi: permit2Abi,
            functionName: 'approve',
            args: [approval.token, approval.spender, 0n, 0],
          })
  return { from: owner, to: approval.contract, value: '0x0', data }
}

/**
 * Revokes one of the account's standing approvals (the approval manager, DESIGN §11): the worker
 * checks the network and account are the wallet's and that the approval still stands on the chain
 * now (`invalid_fields` otherwise), then hands `buildRevokeRequest`'s transaction to the same
 * signer and confirmation window as a dapp's, with the origin `Aperture`. Resolves with the hash
 * once the node took it; the user's rejection is `4001`. One request id is one revoke, as a send.
 *
 * @example
 * await revokeApproval(ports, { requestId, chainId: 'eip155:31337', owner, approval: { kind: 'erc20', contract: token, spender } })
 * // { id: '0x…' }
 */
export async function revokeApproval(
  ports: RevokeApprovalPorts,
  { requestId, chainId, owner, approval }: RevokeApprovalRequest,
): Promise<WalletSendResult> {
  if (typeof requestId !== 'string' || requestId === '' || requestId.length > maxRequestIdLength) {
    throw invalidFields({ requestId: 'The revoke has no request id.' })
  }
  const { namespace, from } = await checkSender(ports, { chainId, from: owner })
  const key = parseApprovalKey(approval)
  if (namespace !== 'eip155' || !key) throw invalidFields({ approval: 'Not an approval.' })
  const call = ports.node(chainId)
  const standing = await checkApproval(call, from as Address, key, await readLatestHead(call))
  if (!standing) throw invalidFields({ approval: 'This approval no longer stands.' })
  const identity = requestIdentityOf(walletOrigin, requestId, 'aperture_revoke', { chainId, key })
  try {
    return answerOf(
      await ports.signer.sign({
        origin: walletOrigin,
        chainId,
        ...identity,
        method: 'eth_sendTransaction',
        params: buildRevokeRequest(from as Address, key),
      }),
    )
  } finally {
    await ports.release(identity)
  }
}
