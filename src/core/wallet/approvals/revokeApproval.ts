import { isObject } from '@metamask/utils'
import { type Address, encodeFunctionData, getAddress, isAddress, isAddressEqual } from 'viem'
import type { ChainId } from '../../caip/types.ts'
import type { NodeCall } from '../../eth/nodeCall.ts'
import type { TransactionRequest } from '../../eth/parseTransactionParams.ts'
import { requestIdentityOf } from '../../protocol/requestIdentity.ts'
import { invalidFields } from '../../rpc/errors.ts'
import { isSolanaAddress } from '../../solana/base58.ts'
import { buildRevokeTransaction } from '../../solana/buildRevokeTransaction.ts'
import {
  answerOf,
  checkSender,
  signAndSendOwn,
  type WalletSendPorts,
  type WalletSendResult,
} from '../send/sendFromWallet.ts'
import { walletOrigin } from '../walletOrigin.ts'
import { erc20Abi, erc721Abi, permit2Abi, permit2Address } from './approvalAbis.ts'
import { type ApprovalKey, checkApproval, readLatestHead } from './findStandingApprovals.ts'
import { readTokenDelegate, type TokenDelegate } from './findTokenDelegates.ts'

export type RevokeApprovalPorts = Pick<
  WalletSendPorts,
  'node' | 'signer' | 'solanaSigner' | 'release' | 'ownAddresses' | 'hasNetwork' | 'carry'
>

/** One revoke the user asked for once: `requestId` is the screen's, so a second click re-attaches. */
export type RevokeApprovalRequest = {
  requestId: string
  chainId: ChainId
  owner: string
  approval: ApprovalKey | DelegateKey
}

/** Which Solana delegate a row is, as the revoke names it: `spender` of the token `account`. */
export type DelegateKey = Pick<TokenDelegate, 'kind' | 'account' | 'spender'>

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

/** The Solana delegate a revoke names (base58 as written), or undefined when it is malformed. */
export function parseDelegateKey(value: unknown): DelegateKey | undefined {
  if (!isObject(value) || value.kind !== 'delegate') return undefined
  const { account, spender } = value
  return isSolanaAddress(account) && isSolanaAddress(spender)
    ? { kind: 'delegate', account, spender }
    : undefined
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
 * now (`invalid_fields` otherwise), then hands the revoke to the same signer and confirmation
 * window as a dapp's, with the origin `Aperture`: on EVM `buildRevokeRequest`'s transaction, on
 * Solana the token program's `Revoke` of the token account, and only while the delegate it names
 * is the account's delegate now (`buildRevokeTransaction`). Resolves with the hash or signature
 * once the node took it; the user's rejection is `4001`. One request id is one revoke, as a send,
 * kept while it runs (`ports.carry`) to be run again by a worker started after a stop.
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
  const call = ports.node(chainId)
  const key = namespace === 'solana' ? parseDelegateKey(approval) : parseApprovalKey(approval)
  if (!key) throw invalidFields({ approval: 'Not an approval.' })
  const revoke = await (key.kind === 'delegate'
    ? solanaRevoke(call, from, key)
    : evmRevoke(call, from as Address, key))
  const identity = requestIdentityOf(walletOrigin, requestId, 'aperture_revoke', { chainId, key })
  const base = { origin: walletOrigin, chainId, ...identity }
  const params = { requestId, chainId, owner, approval }
  return ports.carry({ ...identity, method: 'aperture_revoke', params }, async () => {
    try {
      return revoke.namespace === 'solana'
        ? await signAndSendOwn(ports, base, from, revoke.transaction)
        : answerOf(
            await ports.signer.sign({
              ...base,
              method: 'eth_sendTransaction',
              params: revoke.request,
            }),
          )
    } finally {
      await ports.release(identity)
    }
  })
}

const noLongerStands = () => invalidFields({ approval: 'This approval no longer stands.' })

/** The EVM revoke of `key`, once the contract still grants it at the latest block. */
async function evmRevoke(call: NodeCall, from: Address, key: ApprovalKey) {
  const standing = await checkApproval(call, from, key, await readLatestHead(call))
  if (!standing) throw noLongerStands()
  return { namespace: 'eip155', request: buildRevokeRequest(from, key) } as const
}

/** The Solana revoke of `key`, once the token account still names its spender as delegate. */
async function solanaRevoke(call: NodeCall, from: string, key: DelegateKey) {
  const standing = await readTokenDelegate(call, from, key.account)
  if (standing?.spender !== key.spender) throw noLongerStands()
  const { account, program } = standing
  const transaction = await buildRevokeTransaction({ call, owner: from, account, program })
  return { namespace: 'solana', transaction } as const
}
