import { isAddress as isSolanaAddress } from '@solana/kit'
import { type Address, getAddress, isAddress } from 'viem'
import type { ChainId } from '../../caip/types.ts'
import { buildTransferRequest } from '../../eth/buildTransferRequest.ts'
import { chooseFee, parseFeeChoice } from '../../eth/fees/chooseFee.ts'
import type { NodeCall } from '../../eth/nodeCall.ts'
import type { Signer } from '../../eth/signer.ts'
import type { SignerAnswer } from '../../multichain/ports.ts'
import { type RequestIdentity, requestIdentityOf } from '../../protocol/requestIdentity.ts'
import { invalidFields, notYourNetwork, rethrownAnswerError } from '../../rpc/errors.ts'
import { buildTransferTransaction } from '../../solana/buildTransferTransaction.ts'
import { decodeTransaction } from '../../solana/decodeTransaction.ts'
import type { SolanaSigner, SolanaSigningRequest } from '../../solana/solanaNamespace.ts'
import type { CarryOwnRequest } from '../createOwnRequests.ts'
import { walletOrigin } from '../walletOrigin.ts'
import {
  checkRecipient,
  type OwnAccount,
  type SendNamespace,
  sameAddress,
} from './checkRecipient.ts'
import { checkSendAmount } from './checkSendAmount.ts'
import { maxCostOfQuote, quoteSend } from './quoteSend.ts'
import { readSendAsset, type SendAsset } from './readSendAsset.ts'
import { type SendDraft, sendNamespaceOf } from './sendDraft.ts'

export type WalletSendPorts = {
  /** The chain's node endpoint (the one the confirmation previews on). */
  node(chainId: ChainId): NodeCall
  signer: Pick<Signer, 'sign'>
  solanaSigner: SolanaSigner
  /** Forgets the answered confirmation of the send (as a page's is, once its answer is kept). */
  release(identity: RequestIdentity): Promise<void>
  /** Keeps the send while it runs, so that a worker started after a stop runs it again. */
  carry: CarryOwnRequest
  /** The wallet's account addresses in `namespace`. */
  ownAddresses(namespace: SendNamespace): Promise<string[]>
  /** Whether `chainId` is one of the wallet's enabled networks. */
  hasNetwork(chainId: ChainId): Promise<boolean>
}

/** A send the user asked for once: `requestId` is the screen's, so a second click re-attaches. */
export type WalletSendRequest = { requestId: string; draft: SendDraft }

/** The send's transaction, once the node took it: an EVM hash or a Solana signature. */
export type WalletSendResult = { id: string }

const maxRequestIdLength = 64

/**
 * The identity of the send `request` (origin `Aperture`, key from its request id, digest of its
 * draft): its confirmation's and its kept request's (`carry`, `status`).
 */
export const sendIdentityOf = ({ requestId, draft }: WalletSendRequest): RequestIdentity =>
  requestIdentityOf(walletOrigin, requestId, 'aperture_send', draft)

/** The draft's asset as the namespace writes it (EIP-55 contract, base58 mint), or undefined. */
export function assetIdOf(namespace: SendNamespace, asset: string): string | undefined {
  if (asset === 'native') return asset
  if (namespace === 'eip155')
    return isAddress(asset, { strict: false }) ? getAddress(asset) : undefined
  return isSolanaAddress(asset) ? asset : undefined
}

/**
 * Checks who sends where: the network is one of the wallet's enabled ones (`unknown_network`), and
 * `from` one of its accounts in that network's namespace (`invalid_fields`). Gives the namespace,
 * the wallet's accounts there, and `from` as the wallet writes it.
 */
export async function checkSender(
  ports: Pick<WalletSendPorts, 'hasNetwork' | 'ownAddresses'>,
  { chainId, from }: { chainId: ChainId; from: string },
): Promise<{ namespace: SendNamespace; own: OwnAccount[]; from: string }> {
  const namespace = sendNamespaceOf(chainId)
  if (!namespace || !(await ports.hasNetwork(chainId))) throw notYourNetwork(chainId)
  const own: OwnAccount[] = (await ports.ownAddresses(namespace)).map((address) => ({ address }))
  const sender = own.find((account) => sameAddress(namespace, account.address, from))
  if (!sender) throw invalidFields({ from: 'Not one of your accounts.' })
  return { namespace, own, from: sender.address }
}

/**
 * Checks a draft again in the worker, as the screen did (the popup is only a view): the network is
 * the wallet's, `from` one of its accounts, the recipient valid, the asset readable now, the amount
 * within what the account holds now (native: with the maximum fee). Refusals are `invalid_fields`
 * keyed by the field.
 */
async function checkDraft(ports: WalletSendPorts, draft: SendDraft) {
  const { namespace, own, from } = await checkSender(ports, draft)
  const assetId = assetIdOf(namespace, draft.asset)
  if (!assetId) throw invalidFields({ asset: 'Not a token address.' })
  const recipient = checkRecipient({
    namespace,
    input: draft.to,
    ownAccounts: own,
    ...(assetId === 'native' ? {} : { token: assetId }),
  })
  if (recipient.kind !== 'valid') {
    throw invalidFields({
      to: recipient.kind === 'invalid' ? recipient.message : 'Enter the recipient.',
    })
  }
  const call = ports.node(draft.chainId)
  const asset = await readSendAsset({ call, namespace, from, asset: assetId })
  if (!asset) {
    throw invalidFields({
      asset:
        namespace === 'eip155'
          ? 'This address does not answer as an ERC-20 token.'
          : 'This account holds none of this token.',
    })
  }
  return { namespace, call, from, to: recipient.address, asset }
}

/** The amount, in base units, checked against the balance less `maxFee` for the native coin. */
function checkedAmount(draft: SendDraft, asset: SendAsset, maxFee: bigint): bigint {
  const checked = checkSendAmount({
    input: draft.amount,
    decimals: asset.decimals,
    symbol: asset.symbol,
    balance: BigInt(asset.balance),
    maxFee: asset.id === 'native' ? maxFee : 0n,
  })
  if (checked.kind !== 'valid') {
    throw invalidFields({
      amount: checked.kind === 'invalid' ? checked.message : 'Enter an amount.',
    })
  }
  return checked.amount
}

/** The transaction id a signer answered for one of the wallet's own requests, or its error thrown. */
export const answerOf = (answer: SignerAnswer): WalletSendResult => {
  if ('error' in answer) throw rethrownAnswerError(answer.error)
  const { result } = answer
  if (typeof result === 'string') return { id: result }
  if (typeof result === 'object' && result !== null && 'signature' in result) {
    return { id: String(result.signature) }
  }
  throw new Error('the signer answered no transaction id')
}

/**
 * One of the wallet's own Solana transactions (`transaction`, unsigned wire bytes) handed to the
 * same signer, confirmation window and preview as a dapp's `signAndSendTransaction`, as `base`
 * (origin `Aperture`, its request identity); the signature once the node took it.
 */
export async function signAndSendOwn(
  ports: Pick<WalletSendPorts, 'solanaSigner'>,
  base: Pick<SolanaSigningRequest, 'origin' | 'chainId' | 'requestKey' | 'requestDigest'>,
  from: string,
  transaction: Uint8Array,
): Promise<WalletSendResult> {
  const decoded = decodeTransaction(transaction)
  if ('problems' in decoded) throw new Error('the built transaction is not a transaction')
  return answerOf(
    await ports.solanaSigner.sign({
      ...base,
      method: 'signAndSendTransaction',
      params: { address: from, transaction, options: {} },
      transaction: decoded.transaction,
    }),
  )
}

/**
 * The wallet's own send (DESIGN §9): the draft checked again here, then the transaction built with
 * the kept libraries (EVM: the gas the confirmation estimates, the amount checked with the fee
 * picked on the screen, and that choice handed on so the confirmation starts on it) and handed to
 * the same signer, confirmation window and local preview as a dapp's transaction, with the origin
 * `Aperture`. Resolves with the hash (or signature) once the node took it; the user's rejection is
 * `4001`. One request id is one send: a second call with the
 * same id and draft re-attaches to the confirmation (never a second transaction), another draft
 * under the id is refused `-32602`. The send is kept while it runs (`ports.carry`): a worker
 * stopped while its confirmation is shown runs it again when the next one starts (DESIGN §6).
 *
 * @example
 * await sendFromWallet(ports, { requestId, draft: { chainId: 'eip155:31337', from, asset: 'native', to, amount: '0.5' } })
 * // { id: '0x…' }
 */
export async function sendFromWallet(
  ports: WalletSendPorts,
  { requestId, draft }: WalletSendRequest,
): Promise<WalletSendResult> {
  if (typeof requestId !== 'string' || requestId === '' || requestId.length > maxRequestIdLength) {
    throw invalidFields({ requestId: 'The send has no request id.' })
  }
  const identity = sendIdentityOf({ requestId, draft })
  const kept = { ...identity, method: 'aperture_send', params: { requestId, draft } } as const
  return ports.carry(kept, () => sendChecked(ports, identity, draft))
}

/** The send of `draft` under `identity`, checked again, confirmed, signed, sent, then released. */
async function sendChecked(
  ports: WalletSendPorts,
  identity: RequestIdentity,
  draft: SendDraft,
): Promise<WalletSendResult> {
  const { namespace, call, from, to, asset } = await checkDraft(ports, draft)
  const base = { origin: walletOrigin, chainId: draft.chainId, ...identity }
  try {
    if (namespace === 'eip155') {
      // The gas of a token transfer depends on its amount (a first balance costs a new slot).
      const quote = await quoteSend({
        call,
        namespace,
        chainId: draft.chainId,
        from,
        to,
        asset,
        amount: checkedAmount(draft, asset, 0n),
      })
      if (quote.namespace !== 'eip155') throw new Error('an EVM send got another quote')
      const fee = parseFeeChoice(draft.fee) ?? { name: 'normal' }
      const amount = checkedAmount(draft, asset, BigInt(chooseFee(quote.market, fee).costWei))
      const request = {
        ...buildTransferRequest({
          from: from as Address,
          to: to as Address,
          amount,
          ...(asset.id === 'native' ? {} : { token: asset.id as Address }),
        }),
        gas: quote.gas,
      }
      // The choice, not its numbers: the confirmation shows it picked on its own market and signs that.
      return answerOf(
        await ports.signer.sign({ ...base, method: 'eth_sendTransaction', params: request, fee }),
      )
    }
    const amount = checkedAmount(draft, asset, 0n)
    const quote = await quoteSend({
      call,
      namespace,
      chainId: draft.chainId,
      from,
      to,
      asset,
      amount,
    })
    checkedAmount(draft, asset, maxCostOfQuote(quote))
    const built = await buildTransferTransaction({
      call,
      from,
      to,
      amount,
      ...(asset.solanaToken ? { token: asset.solanaToken } : {}),
    })
    return await signAndSendOwn(ports, base, from, built.transaction)
  } finally {
    await ports.release(identity)
  }
}
