import { keccak256 } from 'viem'
import type { SignerAnswer } from '../../multichain/ports.ts'
import { duplicateBatchId } from '../../rpc/errors.ts'
import type { ConfirmationViews } from '../../wallet/confirmationViews.ts'
import { confirmRequest } from '../../wallet/confirmRequest.ts'
import type { SigningRequest } from '../signer.ts'
import { broadcastSigned } from './broadcastSigned.ts'
import type { CallsBatch, SignerPorts } from './ports.ts'
import { prepareTransactions } from './prepareTransactions.ts'
import { sentTransactionOf } from './sentTransactionOf.ts'
import { type BatchProgress, isBatchProgress, type SignedProgress } from './signedProgress.ts'
import { toViemTransaction } from './toViemTransaction.ts'

export type SendCallsParameters = Extract<SigningRequest, { method: 'wallet_sendCalls' }>

/**
 * `wallet_sendCalls` (EIP-5792, no smart account): shows the calls as transactions with consecutive
 * nonces; once approved signs them all, keeps them on the confirmation under the batch's id (the
 * dapp's, `5720` when reused, or a new one), then broadcasts them in order, stopping at the first
 * the node refuses, and keeps the batch for `getCallsStatus`.
 */
export async function sendCalls(
  ports: Pick<
    SignerPorts,
    'confirmations' | 'node' | 'account' | 'batches' | 'sent' | 'newBatchId' | 'now'
  >,
  request: SendCallsParameters,
): Promise<SignerAnswer> {
  const { params } = request
  const resent = (await ports.confirmations.resent(request)) !== undefined
  if (!resent && params.id !== undefined && (await ports.batches.read(params.id))) {
    throw duplicateBatchId()
  }
  const record = await confirmRequest<ConfirmationViews, 'calls'>(
    ports.confirmations,
    request,
    'calls',
    async () => {
      const { fees, ...view } = await prepareTransactions(ports, {
        chainId: request.chainId,
        from: params.from,
        requests: params.calls.map((call) => ({ ...call, from: params.from })),
      })
      return { ...view, badChecksums: request.badChecksums ?? [] }
    },
  )
  const view = record.view as unknown as ConfirmationViews['calls']
  let progress: BatchProgress
  if (isBatchProgress(record.progress)) {
    progress = record.progress
  } else {
    const account = await ports.account(view.from)
    const signed: SignedProgress[] = []
    for (const transaction of view.transactions) {
      const raw = await account.signTransaction(toViemTransaction(transaction))
      signed.push({ raw, hash: keccak256(raw) })
    }
    progress = { id: params.id ?? ports.newBatchId(), signed }
    await ports.confirmations.progress(record.id, progress)
  }
  const call = ports.node(request.chainId)
  const batch: CallsBatch = {
    id: progress.id,
    origin: request.origin,
    chainId: request.chainId,
    from: view.from,
    callCount: progress.signed.length,
    hashes: [],
  }
  for (const [index, signed] of progress.signed.entries()) {
    const answer = await broadcastSigned(call, signed)
    if ('error' in answer) {
      batch.sendError = answer.error
      break
    }
    batch.hashes.push(signed.hash)
    const transaction = view.transactions[index]
    if (transaction) ports.sent(sentTransactionOf(request, transaction, signed.hash, ports.now()))
  }
  await ports.batches.write(batch)
  return { result: { id: batch.id } }
}
