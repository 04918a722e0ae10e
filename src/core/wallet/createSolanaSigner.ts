import { type Hex, hexToBytes } from 'viem'
import type { ChainId } from '../caip/types.ts'
import { NodeAnswerError, type NodeCall } from '../eth/nodeCall.ts'
import type { SolanaKey } from '../keyring/deriveSolanaKeys.ts'
import { signWithSolanaKey } from '../keyring/deriveSolanaKeys.ts'
import type { SignerAnswer } from '../multichain/ports.ts'
import type { Json } from '../rpc/types.ts'
import { toBase58 } from '../solana/base58.ts'
import { readBase64, toBase64 } from '../solana/base64.ts'
import { decodeInstruction, type InstructionView } from '../solana/decodeInstruction.ts'
import { decodeTransaction, withSignature } from '../solana/decodeTransaction.ts'
import { maxTransactionBytes, type SendOptions } from '../solana/parseSigningParams.ts'
import { previewTransaction, type SolanaPreview } from '../solana/previewTransaction.ts'
import { resolveLookupTables } from '../solana/resolveLookupTables.ts'
import { originDomain, signInMessage } from '../solana/signInMessage.ts'
import type { SolanaSigner, SolanaSigningRequest } from '../solana/solanaNamespace.ts'
import type { ConfirmationRecord, Confirmations } from './createConfirmations.ts'
import { describeMessage, type MessageView } from './describeMessage.ts'

/** What the confirmation window shows for each Solana confirmation kind. */
export type SolanaConfirmationViews = {
  /** `raw`: the message's bytes (hex), signed as they are; `message` shows them. */
  solana_signMessage: { address: string; message: MessageView; raw: Hex }
  solana_signIn: {
    address: string
    /** The SIWS message as signed. */
    text: string
    domain: string
    /** The page's own domain: a sign-in for another domain is a warning. */
    originDomain: string
  }
  solana_transaction: {
    address: string
    /** `signAndSendTransaction` (sent once signed) or `signTransaction` (only signed). */
    send: boolean
    feePayer: string
    instructions: InstructionView[]
    preview: SolanaPreview
    /** The wire transaction as the dapp sent it (base64), signed as is on approval. */
    transaction: string
    options: SendOptions
  }
}

/** A Solana transaction the wallet sent, for its activity list. */
export type SentSolanaTransaction = {
  signature: string
  origin: string
  chainId: ChainId
  from: string
  lamportsChange?: string
  at: number
}

export type SolanaSignerPorts = {
  confirmations: Confirmations
  /** The chain's node endpoint. */
  node(chainId: ChainId): NodeCall
  /** The unlocked key of one of the wallet's Solana addresses; throws while locked. */
  key(address: string): Promise<SolanaKey>
  /**
   * Told of each transaction the node accepted (activity), again when it is sent again after a
   * restart (the same signature); must not throw.
   */
  sent(transaction: SentSolanaTransaction): void
  now(): number
}

/** A signed transaction as kept on its confirmation before it is sent (exactly once). */
type SolanaSignedProgress = { solanaTransaction: string; signature: string }

const isSolanaSignedProgress = (value: unknown): value is SolanaSignedProgress =>
  typeof value === 'object' &&
  value !== null &&
  'solanaTransaction' in value &&
  'signature' in value &&
  typeof value.solanaTransaction === 'string' &&
  typeof value.signature === 'string'

const toHex = (bytes: Uint8Array): Hex =>
  `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`

/**
 * The Solana signing flows behind the namespace's `SolanaSigner` (DESIGN §8): each request is a
 * confirmation (`createConfirmations`, the queue the EVM requests share) with a view built here —
 * the message, the SIWS text, or the fee payer, decoded instructions and local preview of a
 * transaction. On approval the account's ed25519 key signs. A transaction to send is signed, kept
 * on its confirmation, and only then sent, so a worker stopped in between sends the same bytes
 * (same signature) when the page re-sends or the worker wakes (`resumeSends`).
 */
export function createSolanaSigner(ports: SolanaSignerPorts) {
  const { confirmations } = ports

  /** Sends a signed transaction; a node that already has it (a re-send) is a success. */
  const send = async (
    call: NodeCall,
    signed: SolanaSignedProgress,
    options: SendOptions,
  ): Promise<SignerAnswer> => {
    const answer = await call('sendTransaction', [
      signed.solanaTransaction,
      { encoding: 'base64', ...options } as Json,
    ])
    if (!('error' in answer)) return { result: { signature: signed.signature } }
    const known = await call('getSignatureStatuses', [
      [signed.signature],
      { searchTransactionHistory: true },
    ])
    const statuses =
      'result' in known && typeof known.result === 'object' && known.result !== null
        ? (known.result as { value?: unknown }).value
        : undefined
    if (Array.isArray(statuses) && statuses[0] !== null && statuses[0] !== undefined) {
      return { result: { signature: signed.signature } }
    }
    return { error: answer.error }
  }

  /** The activity entry of the transaction kept on `record`, once the node has it. */
  const sentOf = (record: ConfirmationRecord, signature: string): SentSolanaTransaction => {
    const view = record.view as unknown as SolanaConfirmationViews['solana_transaction']
    return {
      signature,
      origin: record.origin,
      chainId: record.chainId,
      from: view.address,
      ...(view.preview.kind === 'simulated' ? { lamportsChange: view.preview.lamportsChange } : {}),
      at: ports.now(),
    }
  }

  /** Sends the transaction kept on `record` (the first time or again); tells `sent` once it is in. */
  const sendKept = async (
    record: ConfirmationRecord,
    signed: SolanaSignedProgress,
  ): Promise<SignerAnswer> => {
    const view = record.view as unknown as SolanaConfirmationViews['solana_transaction']
    const answer = await send(ports.node(record.chainId), signed, view.options ?? {})
    if ('result' in answer) ports.sent(sentOf(record, signed.signature))
    return answer
  }

  /** Puts the request in the queue, or finds it again when it was re-sent after a restart. */
  const confirm = <Kind extends keyof SolanaConfirmationViews>(
    request: SolanaSigningRequest,
    kind: Kind,
    view: () => Promise<SolanaConfirmationViews[Kind]>,
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

  const signMessage = async (
    request: Extract<SolanaSigningRequest, { method: 'signMessage' }>,
  ): Promise<SignerAnswer> => {
    const { address, message } = request.params
    const record = await confirm(request, 'solana_signMessage', async () => ({
      address,
      message: describeMessage(toHex(message)),
      raw: toHex(message),
    }))
    // What is signed is the record's view (what the window showed), not a re-sent copy.
    const shown = record.view as unknown as SolanaConfirmationViews['solana_signMessage']
    const bytes = hexToBytes(shown.raw)
    const signature = signWithSolanaKey(await ports.key(shown.address), bytes)
    return {
      result: {
        signature: toBase58(signature),
        signedMessage: toBase64(bytes),
        signatureType: 'ed25519',
      },
    }
  }

  const signIn = async (
    request: Extract<SolanaSigningRequest, { method: 'signIn' }>,
  ): Promise<SignerAnswer> => {
    const { address, domain } = request.params
    const record = await confirm(request, 'solana_signIn', async () => ({
      address,
      text: signInMessage(request.params),
      domain,
      originDomain: originDomain(request.origin),
    }))
    // The SIWS text the window showed is what is signed, by the account it named.
    const shown = record.view as unknown as SolanaConfirmationViews['solana_signIn']
    const message = new TextEncoder().encode(shown.text)
    const signature = signWithSolanaKey(await ports.key(shown.address), message)
    return {
      result: {
        account: { address: shown.address },
        signedMessage: toBase64(message),
        signature: toBase58(signature),
        signatureType: 'ed25519',
      },
    }
  }

  const signTransaction = async (
    request: Extract<
      SolanaSigningRequest,
      { method: 'signTransaction' | 'signAndSendTransaction' }
    >,
  ): Promise<SignerAnswer> => {
    const { address, transaction: bytes, options } = request.params
    const call = ports.node(request.chainId)
    const record = await confirm(request, 'solana_transaction', async () => {
      const transaction = await resolveLookupTables(call, bytes, request.transaction)
      return {
        address,
        send: request.method === 'signAndSendTransaction',
        feePayer: transaction.feePayer,
        instructions: transaction.instructions.map(decodeInstruction),
        preview: await previewTransaction({
          call,
          user: address,
          transaction: bytes,
          addresses: transaction.instructions.flatMap(({ accounts }) => accounts),
        }),
        transaction: toBase64(bytes),
        options,
      }
    })
    // What is signed, and sent or not, is what the window showed (the view), not a re-sent copy.
    const view = record.view as unknown as SolanaConfirmationViews['solana_transaction']
    if (view.send && isSolanaSignedProgress(record.progress))
      return sendKept(record, record.progress)
    const shown = readBase64(view.transaction, maxTransactionBytes)
    const decoded = shown ? decodeTransaction(shown) : undefined
    if (!decoded || 'problems' in decoded)
      throw new Error('the confirmed transaction is unreadable')
    const key = await ports.key(view.address)
    const signature = signWithSolanaKey(key, decoded.transaction.messageBytes)
    const signedTransaction = toBase64(withSignature(decoded.transaction, view.address, signature))
    if (!view.send) return { result: { signedTransaction } }
    const signed = { solanaTransaction: signedTransaction, signature: toBase58(signature) }
    // Kept before it is sent: from here on, this transaction is the only one this request makes.
    await confirmations.progress(record.id, signed)
    return sendKept(record, signed)
  }

  const signer: SolanaSigner = {
    async sign(request) {
      try {
        switch (request.method) {
          case 'signMessage':
            return await signMessage(request)
          case 'signIn':
            return await signIn(request)
          case 'signTransaction':
          case 'signAndSendTransaction':
            return await signTransaction(request)
        }
      } catch (error) {
        if (error instanceof NodeAnswerError) return { error: error.error }
        throw error
      }
    },
  }

  return {
    signer,
    /**
     * On wake: sends again every approved, signed Solana transaction whose page has not been
     * answered yet, so a worker stopped between signing and sending loses nothing. The same bytes,
     * the same signature: a node that has it already just says so.
     */
    async resumeSends(): Promise<void> {
      for (const record of await confirmations.list()) {
        if (!record.result?.approved || !isSolanaSignedProgress(record.progress)) continue
        await sendKept(record, record.progress)
      }
    },
  }
}

export type SolanaSignerService = ReturnType<typeof createSolanaSigner>
