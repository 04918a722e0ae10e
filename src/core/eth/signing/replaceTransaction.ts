import { isObject } from '@metamask/utils'
import { getAddress, type Hex } from 'viem'
import type { SignerAnswer } from '../../multichain/ports.ts'
import { requestIdentityOf } from '../../protocol/requestIdentity.ts'
import { notPending } from '../../rpc/errors.ts'
import type { Json } from '../../rpc/types.ts'
import type { CarryOwnRequest } from '../../wallet/createOwnRequests.ts'
import { trackTransactions } from '../../wallet/transactionStatus.ts'
import { walletOrigin } from '../../wallet/walletOrigin.ts'
import type { FeeFields } from '../fees/feeOption.ts'
import { isAddress, isQuantity } from '../hex.ts'
import { nodeResult } from '../nodeCall.ts'
import type { TransactionRequest } from '../parseTransactionParams.ts'
import { toQuantity } from '../quantity.ts'
import type { ReplacementKind, SignerPorts } from './ports.ts'
import { type SendTransactionParameters, sendTransaction } from './sendTransaction.ts'

/** The gas of a plain transfer: a cancel sends nothing to the sender itself. */
const transferGas = 21_000n

export type ReplaceTransactionPorts = Pick<
  SignerPorts,
  'confirmations' | 'node' | 'account' | 'sent' | 'now' | 'log'
> & {
  /** Keeps the replacement while it runs, so that a worker started after a stop runs it again. */
  carry: CarryOwnRequest
}

/** The fee fields of a transaction as the node answers `eth_getTransactionByHash`. */
const feeOf = (pending: Record<string, Json>): FeeFields | undefined => {
  if (isQuantity(pending.maxFeePerGas) && isQuantity(pending.maxPriorityFeePerGas)) {
    return {
      type: 'eip1559',
      maxFeePerGas: pending.maxFeePerGas,
      maxPriorityFeePerGas: pending.maxPriorityFeePerGas,
    }
  }
  return isQuantity(pending.gasPrice) ? { type: 'legacy', gasPrice: pending.gasPrice } : undefined
}

/**
 * Speeds up or cancels a pending transaction the wallet sent (DESIGN §9 "Activity"): the
 * replacement has the same nonce — a speed-up is the same transaction (to, value, data and gas as
 * the node holds it, `eth_getTransactionByHash`; `to` shown and signed in EIP-55 as a dapp's is),
 * a cancel a 0-value transfer to the sender itself — and its fee offer is bumped to at least 110 % of the old fees and the current
 * preset (`bumpFeeMarket`). It goes through the confirmation with the origin `Aperture`; once sent
 * it is logged as replacing the original, whose state the node then tells (`replaced` /
 * `cancelled`). Refused `not_pending` when the wallet did not log the transaction with its nonce,
 * the node says it is no longer pending, or the node no longer holds it. Resolves once these
 * checks passed, the confirmation under way and the user's answer still to come (`answer`). One
 * speed-up (or cancel) of a hash is one request: asked again while it runs, it joins the first;
 * kept while it runs (`ports.carry`), a worker started after a stop runs it again.
 */
export async function replaceTransaction(
  ports: ReplaceTransactionPorts,
  { hash, kind }: { hash: Hex; kind: ReplacementKind },
): Promise<{ answer: Promise<SignerAnswer> }> {
  const logged = (await ports.log.read()).find((entry) => entry.hash === hash)
  if (!logged?.nonce) throw notPending()
  const call = ports.node(logged.chainId)
  const [tracked] = await trackTransactions(() => call, [logged])
  if (tracked?.status !== 'pending') throw notPending()
  const pending = await nodeResult(call, 'eth_getTransactionByHash', [hash])
  if (!isObject(pending) || pending.blockNumber !== null) throw notPending()
  const fee = feeOf(pending)
  if (!fee) throw notPending()
  const from = logged.from
  const params: TransactionRequest =
    kind === 'cancel'
      ? {
          from,
          to: from,
          value: '0x0',
          data: '0x',
          gas: toQuantity(transferGas),
          nonce: logged.nonce,
        }
      : {
          from,
          ...(isAddress(pending.to) ? { to: getAddress(pending.to) } : {}),
          value: isQuantity(pending.value) ? pending.value : '0x0',
          data: typeof pending.input === 'string' ? (pending.input as Hex) : '0x',
          ...(isQuantity(pending.gas) ? { gas: pending.gas } : {}),
          nonce: logged.nonce,
        }
  // The request id is the replaced hash: the same Speed up (or Cancel) asked again, or run again
  // by a worker started after a stop, is the same request and re-attaches to its confirmation.
  const identity = requestIdentityOf(`${walletOrigin}/${kind}`, hash, 'eth_sendTransaction', params)
  const request: SendTransactionParameters = {
    origin: walletOrigin,
    chainId: logged.chainId,
    method: 'eth_sendTransaction',
    params,
    ...identity,
  }
  const kept = { ...identity, method: 'aperture_replace', params: { hash, kind } } as const
  const answer = ports.carry(kept, () =>
    sendTransaction(ports, request, { replaces: { hash, kind }, fee }).finally(() =>
      ports.confirmations.release(request.origin, request),
    ),
  )
  return { answer }
}
