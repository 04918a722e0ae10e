import type { Address, Hex, LocalAccount } from 'viem'
import { keccak256 } from 'viem'
import type { ChainId } from '../caip/types.ts'
import { type FilledTransaction, fillTransaction } from '../eth/fillTransaction.ts'
import { NodeAnswerError, type NodeCall, nodeResult } from '../eth/nodeCall.ts'
import { callsVersion } from '../eth/parseSendCallsParams.ts'
import type { TransactionRequest } from '../eth/parseTransactionParams.ts'
import { toViemTypedData } from '../eth/parseTypedDataParams.ts'
import { readQuantity, toQuantity } from '../eth/quantity.ts'
import { readTokenInfo, type TokenInfo } from '../eth/readTokenInfo.ts'
import type { Signer, SigningRequest } from '../eth/signer.ts'
import { simulateCalls } from '../eth/simulateCalls.ts'
import type { SignerAnswer } from '../multichain/ports.ts'
import { RpcError } from '../rpc/errors.ts'
import type { Json, RpcErrorObject } from '../rpc/types.ts'
import { callsStatusOf, toCallsReceipt } from './callsStatus.ts'
import type { ConfirmationViews, SigningKind } from './confirmationViews.ts'
import type { ConfirmationRecord, Confirmations } from './createConfirmations.ts'
import { describeMessage } from './describeMessage.ts'
import { describeTransaction } from './describeTransaction.ts'

/** A `wallet_sendCalls` batch as the wallet keeps it for `wallet_getCallsStatus`. */
export type CallsBatch = {
  id: string
  origin: string
  chainId: ChainId
  from: Address
  callCount: number
  /** Hashes of the transactions broadcast so far, in call order. */
  hashes: Hex[]
  /** The node's error that stopped the batch before every call was sent. */
  sendError?: RpcErrorObject
}

export type CallsBatchStore = {
  read(id: string): Promise<CallsBatch | undefined>
  write(batch: CallsBatch): Promise<void>
}

/** A transaction the wallet broadcast, for the activity list. */
export type SentTransaction = {
  hash: Hex
  origin: string
  chainId: ChainId
  from: Address
  to: Address | null
  value: string
  maxFeeWei: string
  at: number
}

export type SignerPorts = {
  confirmations: Confirmations
  /** The chain's node endpoint (the one its reads go to). */
  node(chainId: ChainId): NodeCall
  /** The unlocked account of `address`; throws while the wallet is locked. */
  account(address: Address): Promise<LocalAccount>
  batches: CallsBatchStore
  /** Told of each transaction broadcast (for the activity list); must not throw. */
  sent(transaction: SentTransaction): void
  newBatchId(): string
  now(): number
}

/** A signed transaction as kept on its confirmation before it is broadcast (exactly once). */
type SignedProgress = { raw: Hex; hash: Hex }
type BatchProgress = { id: string; signed: SignedProgress[] }

/** `5720`: the dapp reused a batch id. */
const duplicateBatchId = (): RpcError =>
  new RpcError(5720, 'Duplicate ID: a batch with this id exists')
/** `5730`: no such batch for this origin. */
const unknownBatch = (): RpcError => new RpcError(5730, 'Unknown bundle id')

const isSignedProgress = (value: unknown): value is SignedProgress =>
  typeof value === 'object' &&
  value !== null &&
  'raw' in value &&
  'hash' in value &&
  typeof value.raw === 'string' &&
  typeof value.hash === 'string'

const isBatchProgress = (value: unknown): value is BatchProgress =>
  typeof value === 'object' &&
  value !== null &&
  'id' in value &&
  'signed' in value &&
  Array.isArray(value.signed) &&
  value.signed.every(isSignedProgress)

const toViemTransaction = (transaction: FilledTransaction) => {
  const common = {
    chainId: Number(BigInt(transaction.chainId)),
    nonce: Number(BigInt(transaction.nonce)),
    gas: BigInt(transaction.gas),
    to: transaction.to ?? null,
    value: BigInt(transaction.value),
    data: transaction.data,
  }
  if (transaction.type === 'legacy') {
    return { ...common, type: 'legacy' as const, gasPrice: BigInt(transaction.gasPrice ?? '0x0') }
  }
  return {
    ...common,
    type: 'eip1559' as const,
    maxFeePerGas: BigInt(transaction.maxFeePerGas ?? '0x0'),
    maxPriorityFeePerGas: BigInt(transaction.maxPriorityFeePerGas ?? '0x0'),
    accessList: transaction.accessList ?? [],
  }
}

/**
 * The signing flows behind the engine's `Signer` (DESIGN §4 "Signing"): each request becomes a
 * confirmation (`createConfirmations`) with a view built here; on approval the account signs with
 * viem. A transaction is signed, its raw bytes and hash kept on the confirmation, and only then
 * broadcast, so a worker stopped in between re-broadcasts the same bytes (same hash, never a second
 * nonce) when the page re-sends or the worker wakes (`resumeBroadcasts`).
 */
export function createSigner(ports: SignerPorts) {
  const { confirmations } = ports

  /** Broadcasts a signed transaction; a node that already has it (a re-broadcast) is a success. */
  const broadcast = async (call: NodeCall, signed: SignedProgress): Promise<SignerAnswer> => {
    const answer = await call('eth_sendRawTransaction', [signed.raw])
    if (!('error' in answer)) return { result: signed.hash }
    const known = await call('eth_getTransactionByHash', [signed.hash])
    if ('result' in known && known.result !== null) return { result: signed.hash }
    return { error: answer.error }
  }

  const tokensOf = async (call: NodeCall, addresses: Address[]): Promise<TokenInfo[]> => {
    const unique = [...new Set(addresses.map((address) => address.toLowerCase()))] as Address[]
    const infos = await Promise.all(unique.map((address) => readTokenInfo(call, address)))
    return infos.filter((info): info is TokenInfo => info !== undefined)
  }

  const codeOf = async (call: NodeCall, to: Address | undefined): Promise<Hex | undefined> => {
    if (to === undefined) return undefined
    const code = await nodeResult(call, 'eth_getCode', [to, 'latest'])
    return typeof code === 'string' ? (code as Hex) : undefined
  }

  /** Fills, simulates and describes the transactions of one confirmation (one or a batch). */
  const prepare = async (
    chainId: ChainId,
    from: Address,
    requests: TransactionRequest[],
  ): Promise<ConfirmationViews['calls']> => {
    const call = ports.node(chainId)
    const chainNumber = BigInt(chainId.slice(chainId.indexOf(':') + 1))
    const firstNonce =
      requests.length > 1
        ? readQuantity(await nodeResult(call, 'eth_getTransactionCount', [from, 'pending']))
        : undefined
    const transactions = await Promise.all(
      requests.map((request, index) =>
        fillTransaction({
          request,
          chainId: chainNumber,
          call,
          nonce: firstNonce === undefined ? undefined : firstNonce + BigInt(index),
        }),
      ),
    )
    const [simulation, codes] = await Promise.all([
      simulateCalls({
        account: from,
        call,
        calls: transactions.map(({ to, value, data }) => ({ from, to, value, data })),
      }),
      Promise.all(transactions.map(({ to }) => codeOf(call, to))),
    ])
    const contracts = transactions.flatMap(({ to }, index) => {
      const code = codes[index]
      return to !== undefined && code !== undefined && code !== '0x' ? [to] : []
    })
    const changedTokens =
      simulation.kind === 'simulated'
        ? simulation.changes.flatMap(({ token }) => (token ? [token] : []))
        : []
    const tokens = await tokensOf(call, [...contracts, ...changedTokens])
    const previews = transactions.map((transaction, index) =>
      describeTransaction({
        transaction,
        toCode: codes[index],
        token: tokens.find(
          (token) => token.address.toLowerCase() === transaction.to?.toLowerCase(),
        ),
      }),
    )
    return { from, transactions, previews, simulation, tokens }
  }

  /** Puts the request in the queue, or finds it again when it was re-sent after a restart. */
  const confirm = <Kind extends SigningKind>(
    request: SigningRequest,
    kind: Kind,
    view: () => Promise<ConfirmationViews[Kind]>,
  ): Promise<ConfirmationRecord> =>
    confirmations.confirm(
      {
        requestKey: request.requestKey,
        requestDigest: request.requestDigest,
        origin: request.origin,
        chainId: request.chainId,
        kind,
      },
      async () => (await view()) as unknown as Json,
    )

  const sendTransaction = async (
    request: Extract<SigningRequest, { method: 'eth_sendTransaction' }>,
  ): Promise<SignerAnswer> => {
    const record = await confirm(request, 'transaction', async () => {
      const prepared = await prepare(request.chainId, request.params.from, [request.params])
      const [transaction] = prepared.transactions
      const [preview] = prepared.previews
      if (!transaction || !preview) throw new Error('no transaction was prepared')
      return { transaction, preview, simulation: prepared.simulation, tokens: prepared.tokens }
    })
    const call = ports.node(request.chainId)
    if (isSignedProgress(record.progress)) return broadcast(call, record.progress)
    const { transaction } = record.view as unknown as ConfirmationViews['transaction']
    const account = await ports.account(transaction.from)
    const raw = await account.signTransaction(toViemTransaction(transaction))
    const signed = { raw, hash: keccak256(raw) }
    // Kept before it is sent: from here on, this transaction is the only one this request makes.
    await confirmations.progress(record.id, signed)
    const answer = await broadcast(call, signed)
    if ('result' in answer) ports.sent(sentOf(request, transaction, signed.hash))
    return answer
  }

  const sentOf = (
    request: SigningRequest,
    transaction: FilledTransaction,
    hash: Hex,
  ): SentTransaction => ({
    hash,
    origin: request.origin,
    chainId: request.chainId,
    from: transaction.from,
    to: transaction.to ?? null,
    value: BigInt(transaction.value).toString(),
    maxFeeWei: (
      BigInt(transaction.gas) * BigInt(transaction.maxFeePerGas ?? transaction.gasPrice ?? '0x0')
    ).toString(),
    at: ports.now(),
  })

  const sendCalls = async (
    request: Extract<SigningRequest, { method: 'wallet_sendCalls' }>,
  ): Promise<SignerAnswer> => {
    const { params } = request
    const resent = (await confirmations.resent(request)) !== undefined
    if (!resent && params.id !== undefined && (await ports.batches.read(params.id))) {
      throw duplicateBatchId()
    }
    const record = await confirm(request, 'calls', () =>
      prepare(
        request.chainId,
        params.from,
        params.calls.map((call) => ({ ...call, from: params.from })),
      ),
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
      await confirmations.progress(record.id, progress)
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
      const answer = await broadcast(call, signed)
      if ('error' in answer) {
        batch.sendError = answer.error
        break
      }
      batch.hashes.push(signed.hash)
      const transaction = view.transactions[index]
      if (transaction) ports.sent(sentOf(request, transaction, signed.hash))
    }
    await ports.batches.write(batch)
    return { result: { id: batch.id } }
  }

  const signer: Signer = {
    async sign(request) {
      try {
        switch (request.method) {
          // What is signed is the record's view (what the window showed), not a re-sent copy.
          case 'personal_sign': {
            const { address, message } = request.params
            const record = await confirm(request, 'personal_sign', async () => ({
              address,
              message: describeMessage(message),
              raw: message,
            }))
            const shown = record.view as unknown as ConfirmationViews['personal_sign']
            const account = await ports.account(shown.address)
            return { result: await account.signMessage({ message: { raw: shown.raw } }) }
          }
          case 'eth_signTypedData_v4': {
            const { address, typedData } = request.params
            const record = await confirm(request, 'eth_signTypedData_v4', async () => ({
              address,
              typedData,
            }))
            const shown = record.view as unknown as ConfirmationViews['eth_signTypedData_v4']
            const account = await ports.account(shown.address)
            return { result: await account.signTypedData(toViemTypedData(shown.typedData)) }
          }
          case 'eth_sendTransaction':
            return await sendTransaction(request)
          case 'wallet_sendCalls':
            return await sendCalls(request)
        }
      } catch (error) {
        if (error instanceof NodeAnswerError) return { error: error.error }
        throw error
      }
    },

    async callsStatus({ origin, chainId, id }) {
      const batch = await ports.batches.read(id)
      if (!batch || batch.origin !== origin || batch.chainId !== chainId) throw unknownBatch()
      const call = ports.node(chainId)
      const receipts = await Promise.all(
        batch.hashes.map(async (hash) =>
          toCallsReceipt(await nodeResult(call, 'eth_getTransactionReceipt', [hash])),
        ),
      )
      return {
        version: callsVersion,
        id: batch.id,
        chainId: toQuantity(BigInt(chainId.slice(chainId.indexOf(':') + 1))),
        status: callsStatusOf(batch, receipts),
        atomic: false,
        receipts: receipts.filter((receipt) => receipt !== null),
      }
    },
  }

  return {
    signer,
    /**
     * On wake: broadcasts again every approved, signed transaction whose page has not been
     * answered yet (its record is still there), so a worker stopped between signing and sending
     * loses nothing. The same bytes: a node that has them already just says so.
     */
    async resumeBroadcasts(): Promise<void> {
      for (const record of await confirmations.list()) {
        if (!record.result?.approved) continue
        const call = ports.node(record.chainId as ChainId)
        const signed = isSignedProgress(record.progress)
          ? [record.progress]
          : isBatchProgress(record.progress)
            ? record.progress.signed
            : []
        for (const transaction of signed) await broadcast(call, transaction)
      }
    },
  }
}

export type SignerService = ReturnType<typeof createSigner>
