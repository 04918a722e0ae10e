import { ed25519 } from '@noble/curves/ed25519.js'
import { describe, expect, it } from 'vitest'
import type { NodeCall } from '../eth/nodeCall.ts'
import { deriveSolanaKeys } from '../keyring/deriveSolanaKeys.ts'
import { requestIdentityOf } from '../protocol/requestIdentity.ts'
import type { Json, NodeAnswer, RpcErrorObject } from '../rpc/types.ts'
import { fromBase58, isSolanaAddress, toBase58 } from '../solana/base58.ts'
import { decodeTransaction } from '../solana/decodeTransaction.ts'
import type { SendOptions } from '../solana/parseSigningParams.ts'
import type { SolanaSigningRequest } from '../solana/solanaNamespace.ts'
import {
  lookupTable,
  lookupTableAccount,
  lookupTableTransaction,
  readOnlyAccount,
} from '../solana/testing/lookupTableTransaction.ts'
import { transferTransaction } from '../solana/testing/transactions.ts'
import { type ConfirmationRecord, createConfirmations } from './createConfirmations.ts'
import {
  createSolanaSigner,
  type SentSolanaTransaction,
  type SolanaConfirmationViews,
} from './createSolanaSigner.ts'
import { memoryConfirmationStore } from './testing/memoryConfirmationStore.ts'

const [key] = deriveSolanaKeys('test test test test test test test test test test test junk', 1)
if (!key) throw new Error('no key derived')
const recipient = 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD'
const localSolana = 'solana:123456789abcdef'

/** A transfer of 1,000 lamports from the wallet's first Solana account, unsigned. */
const transfer = (): Uint8Array => transferTransaction(key.address, recipient, 1_000n)

/** A checked `signAndSendTransaction` (or `signTransaction`) of `transfer()`, as the namespace hands it over. */
function transactionRequest(
  method: 'signTransaction' | 'signAndSendTransaction',
  options: SendOptions = {},
): SolanaSigningRequest {
  const bytes = transfer()
  const decoded = decodeTransaction(bytes)
  if ('problems' in decoded) throw new Error('the transfer does not decode')
  return {
    origin: 'http://127.0.0.1:5173',
    chainId: localSolana,
    ...requestIdentityOf('tab-1', 9, method, { options }),
    method,
    params: { address: key?.address ?? '', transaction: bytes, options },
    transaction: decoded.transaction,
  }
}

/** What outlives a worker: the confirmation records (session storage) and the node's ledger. */
function world() {
  const store = memoryConfirmationStore()
  const { records } = store
  /** Every `sendTransaction` the node received (base64), and what each record held then. */
  const sends: Array<{ transaction: string; config: unknown; progressThen: unknown[] }> = []
  /** Signatures (base58) of the transactions the node took. */
  const ledger = new Set<string>()
  /** `hangSends`: sends never answer; `refuseSends`: the node's error for every send; `reads`: how the node answers anything else (default: refuses). */
  const node: { hangSends: boolean; refuseSends?: RpcErrorObject; reads?: NodeCall } = {
    hangSends: false,
  }
  const call: NodeCall = async (method, params): Promise<NodeAnswer> => {
    switch (method) {
      case 'sendTransaction': {
        const transaction = params[0] as string
        sends.push({
          transaction,
          config: params[1],
          progressThen: [...records.values()].map((record) => record.progress),
        })
        if (node.hangSends) return new Promise(() => undefined)
        if (node.refuseSends) return { error: node.refuseSends }
        const signature = toBase58(Buffer.from(transaction, 'base64').subarray(1, 65))
        if (ledger.has(signature)) {
          return { error: { code: -32002, message: 'This transaction has already been processed' } }
        }
        ledger.add(signature)
        return { result: signature }
      }
      case 'getSignatureStatuses': {
        const [signature] = params[0] as string[]
        return {
          result: {
            context: { slot: 1 },
            value: [ledger.has(signature ?? '') ? { confirmationStatus: 'confirmed' } : null],
          },
        }
      }
      default:
        // The preview's reads: by default a node that cannot preview (the preview says so).
        return node.reads
          ? node.reads(method, params)
          : { error: { code: -32601, message: `no ${method} here` } }
    }
  }
  return { store, records, sends, ledger, node, call }
}

/** A worker over the world: its confirmation queue and Solana signer. */
function worker(shared: ReturnType<typeof world>) {
  const confirmations = createConfirmations({
    store: shared.store,
    windows: { open: async () => 7, focus: async () => undefined, exists: async (id) => id === 7 },
    newId: () => crypto.randomUUID(),
    claimMs: 60_000,
    now: () => 1_700_000_000_000,
  })
  const sent: SentSolanaTransaction[] = []
  const service = createSolanaSigner({
    confirmations,
    node: () => shared.call,
    key: async () => {
      if (!key) throw new Error('locked')
      return key
    },
    sent: (transaction) => sent.push(transaction),
    now: () => 1_700_000_000_000,
  })
  /** The oldest pending confirmation, once it is there. */
  const shown = async (): Promise<ConfirmationRecord> => {
    for (;;) {
      const [first] = await confirmations.pending()
      if (first) return first
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
  }
  /** Answers the oldest pending confirmation once it is there. */
  const answer = async (approved: boolean): Promise<ConfirmationRecord> => {
    const first = await shown()
    await confirmations.resolve(first.id, approved)
    return first
  }
  return { confirmations, ...service, sent, shown, answer }
}

const text = (value: string): Uint8Array => new TextEncoder().encode(value)
const dapp = 'http://127.0.0.1:5173'

/** Page request 11 of connection `tab-1`, a `signMessage`, as the namespace hands it over. */
const signMessage = (message: string, asked = message): SolanaSigningRequest => ({
  origin: dapp,
  chainId: localSolana,
  ...requestIdentityOf('tab-1', 11, 'signMessage', { message: asked }),
  method: 'signMessage',
  params: { address: key.address, message: text(message) },
})

/** Page request 12 of connection `tab-1`, a `signIn`, as the namespace hands it over. */
const signIn = (statement: string, asked = statement): SolanaSigningRequest => ({
  origin: dapp,
  chainId: localSolana,
  ...requestIdentityOf('tab-1', 12, 'signIn', { statement: asked }),
  method: 'signIn',
  params: { domain: '127.0.0.1:5173', address: key.address, statement },
})

/** Whether `answered` is the account's signature of `message`. */
const signs = (answered: unknown, message: Uint8Array): boolean => {
  const { signature } = (answered as { result: { signature: string } }).result
  return ed25519.verify(fromBase58(signature), message, fromBase58(key.address))
}

describe('createSolanaSigner: messages and sign-ins re-sent after a restart', () => {
  it('refuses -32602 another message re-sent under the key of a pending signMessage, and signs the one shown', async () => {
    const shared = world()
    worker(shared).signer.sign(signMessage('Sign in to example'))
    const second = worker(shared)
    await second.shown()
    await expect(second.signer.sign(signMessage('Transfer everything'))).rejects.toMatchObject({
      code: -32602,
    })
    const resent = second.signer.sign(signMessage('Sign in to example'))
    await second.answer(true)
    expect(signs(await resent, text('Sign in to example'))).toBe(true)
  })

  it('signs the message the window showed, never the bytes a re-sent copy carries', async () => {
    const shared = world()
    worker(shared).signer.sign(signMessage('Sign in to example'))
    const second = worker(shared)
    await second.answer(true)
    const answered = await second.signer.sign(
      signMessage('Transfer everything', 'Sign in to example'),
    )
    expect(signs(answered, text('Sign in to example'))).toBe(true)
    expect((answered as { result: { signedMessage: string } }).result.signedMessage).toBe(
      Buffer.from('Sign in to example').toString('base64'),
    )
  })

  it('refuses -32602 another sign-in re-sent under the key of an approved one', async () => {
    const shared = world()
    worker(shared).signer.sign(signIn('Welcome back'))
    await worker(shared).answer(true)
    await expect(worker(shared).signer.sign(signIn('Approve the transfer'))).rejects.toMatchObject({
      code: -32602,
    })
  })

  it('signs the sign-in text the window showed, never the fields a re-sent copy carries', async () => {
    const shared = world()
    worker(shared).signer.sign(signIn('Welcome back'))
    const second = worker(shared)
    const shown = await second.answer(true)
    const { text: signedText } = shown.view as unknown as SolanaConfirmationViews['solana_signIn']
    expect(signedText).toContain('Welcome back')
    const answered = await second.signer.sign(signIn('Approve the transfer', 'Welcome back'))
    expect(signs(answered, text(signedText))).toBe(true)
  })
})

describe('createSolanaSigner', () => {
  it('signs the transaction shown, keeps it on its confirmation, and only then sends it', async () => {
    const shared = world()
    const { signer, answer, sent } = worker(shared)
    const sending = signer.sign(transactionRequest('signAndSendTransaction'))
    await answer(true)
    const answered = await sending
    expect(shared.sends).toHaveLength(1)
    const [{ transaction, progressThen } = { transaction: '', progressThen: [] }] = shared.sends
    const wire = Buffer.from(transaction, 'base64')
    const signature = toBase58(wire.subarray(1, 65))
    expect(ed25519.verify(wire.subarray(1, 65), wire.subarray(65), fromBase58(key.address))).toBe(
      true,
    )
    expect(answered).toEqual({ result: { signature } })
    // When the node got it, it was already kept on its confirmation record.
    expect(progressThen).toEqual([{ solanaTransaction: transaction, signature }])
    expect(sent).toMatchObject([{ signature, from: key.address, chainId: localSolana }])
  })

  it('a worker stopped between signing and sending: the next one re-sends the same bytes on waking, and the re-sent request gets the same signature without a second prompt', async () => {
    const shared = world()
    const first = worker(shared)
    const request = transactionRequest('signAndSendTransaction')
    shared.node.hangSends = true
    void first.signer.sign(request)
    await first.answer(true)
    while (shared.sends.length === 0) await new Promise((resolve) => setTimeout(resolve, 1))
    shared.node.hangSends = false

    const second = worker(shared)
    await second.resumeSends()
    // Sent on waking, before any page asked again, and in the activity.
    expect(shared.ledger.size).toBe(1)
    expect(second.sent.map((entry) => entry.signature)).toEqual([...shared.ledger])
    const resent = await second.signer.sign(request)
    const [kept] = shared.sends.map((send) => send.transaction)
    expect(new Set(shared.sends.map((send) => send.transaction))).toEqual(new Set([kept]))
    expect(resent).toEqual({ result: { signature: [...shared.ledger][0] } })
    expect(shared.ledger.size).toBe(1)
    expect(await second.confirmations.pending()).toEqual([])
  })

  it('signTransaction answers the signed transaction and sends nothing', async () => {
    const shared = world()
    const { signer, answer, sent } = worker(shared)
    const signing = signer.sign(transactionRequest('signTransaction'))
    await answer(true)
    const answered = await signing
    const signedTransaction =
      'result' in answered
        ? (answered.result as { signedTransaction: string }).signedTransaction
        : ''
    const wire = Buffer.from(signedTransaction, 'base64')
    expect(ed25519.verify(wire.subarray(1, 65), wire.subarray(65), fromBase58(key.address))).toBe(
      true,
    )
    expect(shared.sends).toEqual([])
    expect(sent).toEqual([])
  })

  it('answers the node’s error verbatim when it refuses the transaction and does not know it', async () => {
    const shared = world()
    const refusal = {
      code: -32002,
      message:
        'Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.',
      data: { err: 'AccountNotFound', logs: [], accounts: null, unitsConsumed: 0 },
    }
    shared.node.refuseSends = refusal
    const { signer, answer, sent } = worker(shared)
    const sending = signer.sign(transactionRequest('signAndSendTransaction'))
    await answer(true)
    expect(await sending).toEqual({ error: refusal })
    expect(shared.sends).toHaveLength(1)
    expect(sent).toEqual([])
  })

  it('passes the dapp’s send options to sendTransaction with the base64 encoding', async () => {
    const shared = world()
    const { signer, answer } = worker(shared)
    const options: SendOptions = {
      commitment: 'confirmed',
      skipPreflight: true,
      maxRetries: 3,
      preflightCommitment: 'processed',
      minContextSlot: 42,
    }
    const sending = signer.sign(transactionRequest('signAndSendTransaction', options))
    await answer(true)
    await sending
    expect(shared.sends.map((send) => send.config)).toEqual([
      {
        encoding: 'base64',
        commitment: 'confirmed',
        skipPreflight: true,
        maxRetries: 3,
        preflightCommitment: 'processed',
        minContextSlot: 42,
      },
    ])
  })

  it('rejects with 4001 when the user rejects, signing and sending nothing', async () => {
    const shared = world()
    const { signer, answer } = worker(shared)
    const sending = signer.sign(transactionRequest('signAndSendTransaction'))
    await answer(false)
    await expect(sending).rejects.toMatchObject({ code: 4001 })
    expect(shared.sends).toEqual([])
  })
})

describe('createSolanaSigner with a v0 transaction using an address lookup table', () => {
  it("shows the table's accounts by address in the decoded instructions, and previews the user's change", async () => {
    const shared = world()
    const tables: Record<string, Json> = {
      [lookupTable]: lookupTableAccount([readOnlyAccount, recipient]),
    }
    const wallet = {
      lamports: 2_000_000,
      owner: '11111111111111111111111111111111',
      data: ['', 'base64'],
    }
    const accounts = (keys: string[], lamports: (key: string) => number) =>
      keys.map(
        (k) => tables[k] ?? (k === key.address ? { ...wallet, lamports: lamports(k) } : null),
      )
    shared.node.reads = async (method, params) => {
      if (method === 'getMultipleAccounts') {
        const keys = params[0] as string[]
        if (!keys.every(isSolanaAddress))
          return { error: { code: -32602, message: 'Invalid param' } }
        return { result: { context: { slot: 1 }, value: accounts(keys, () => 2_000_000) } }
      }
      if (method === 'simulateTransaction') {
        const keys = (params[1] as { accounts: { addresses: string[] } }).accounts.addresses
        if (!keys.every(isSolanaAddress))
          return { error: { code: -32602, message: 'Invalid param' } }
        const value = { err: null, logs: [], accounts: accounts(keys, () => 1_994_000) }
        return { result: { context: { slot: 1 }, value } }
      }
      return { error: { code: -32601, message: `no ${method} here` } }
    }
    const { signer, answer } = worker(shared)
    const bytes = lookupTableTransaction()
    const decoded = decodeTransaction(bytes)
    if (!('transaction' in decoded)) throw new Error('the transaction does not decode')
    const signing = signer.sign({
      origin: 'http://127.0.0.1:5173',
      chainId: localSolana,
      ...requestIdentityOf('tab-1', 10, 'signTransaction', {}),
      method: 'signTransaction',
      params: { address: key.address, transaction: bytes, options: {} },
      transaction: decoded.transaction,
    })
    const record = await answer(true)
    await signing
    const view = record.view as unknown as SolanaConfirmationViews['solana_transaction']
    expect(view.instructions[0]).toMatchObject({
      program: 'System Program',
      instruction: 'Transfer',
      fields: [
        { label: 'From', value: key.address },
        { label: 'To', value: recipient },
        { label: 'Lamports', value: '1000' },
      ],
    })
    expect(view.instructions[1]?.accounts).toEqual([readOnlyAccount])
    expect(view.preview).toEqual({
      kind: 'simulated',
      lamportsChange: '-6000',
      tokenChanges: [],
      logs: [],
    })
  })
})
