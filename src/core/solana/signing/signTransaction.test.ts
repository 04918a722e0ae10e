import { ed25519 } from '@noble/curves/ed25519.js'
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget'
import { describe, expect, it } from 'vitest'
import { requestIdentityOf } from '../../protocol/requestIdentity.ts'
import type { Json } from '../../rpc/types.ts'
import type { SolanaConfirmationViews } from '../../wallet/confirmationViews.ts'
import { fromBase58, isSolanaAddress, toBase58 } from '../base58.ts'
import { decodeTransaction } from '../decodeTransaction.ts'
import type { SendOptions } from '../parseSigningParams.ts'
import {
  lookupTable,
  lookupTableAccount,
  lookupTableTransaction,
  readOnlyAccount,
} from '../testing/lookupTableTransaction.ts'
import {
  key,
  localSolana,
  type SolanaSigningWorld,
  solanaSigningWorker,
  solanaSigningWorld,
} from '../testing/signingWorld.ts'
import {
  transferInstruction,
  transferTransaction,
  unsignedTransaction,
} from '../testing/transactions.ts'
import { resumeSends } from './resumeSends.ts'
import { type SignTransactionParameters, signTransaction } from './signTransaction.ts'

const recipient = 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD'

/** A transfer of 1,000 lamports from the wallet's first Solana account, unsigned. */
const transfer = (): Uint8Array => transferTransaction(key.address, recipient, 1_000n)

/** A checked `signAndSendTransaction` (or `signTransaction`) of `transfer()`, as the namespace hands it over. */
function transactionRequest(
  method: 'signTransaction' | 'signAndSendTransaction',
  options: SendOptions = {},
): SignTransactionParameters {
  const bytes = transfer()
  const decoded = decodeTransaction(bytes)
  if ('problems' in decoded) throw new Error('the transfer does not decode')
  return {
    origin: 'http://127.0.0.1:5173',
    chainId: localSolana,
    ...requestIdentityOf('tab-1', 9, method, { options }),
    method,
    params: { address: key.address, transaction: bytes, options },
    transaction: decoded.transaction,
  }
}

/** The view the window showed for `signTransaction` of `bytes`, approved, in a worker over `world`. */
async function shownView(
  world: SolanaSigningWorld,
  bytes: Uint8Array,
): Promise<SolanaConfirmationViews['solana_transaction']> {
  const decoded = decodeTransaction(bytes)
  if (!('transaction' in decoded)) throw new Error('the transaction does not decode')
  const { ports, answer } = solanaSigningWorker(world)
  const signing = signTransaction(ports, {
    origin: 'http://127.0.0.1:5173',
    chainId: localSolana,
    ...requestIdentityOf('tab-1', 10, 'signTransaction', {}),
    method: 'signTransaction',
    params: { address: key.address, transaction: bytes, options: {} },
    transaction: decoded.transaction,
  })
  const record = await answer(true)
  await signing
  return record.view as unknown as SolanaConfirmationViews['solana_transaction']
}

describe('signTransaction and signAndSendTransaction', () => {
  it('signs the transaction shown, keeps it on its confirmation, and only then sends it', async () => {
    const shared = solanaSigningWorld()
    const { ports, answer, sent } = solanaSigningWorker(shared)
    const sending = signTransaction(ports, transactionRequest('signAndSendTransaction'))
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
    // Who it sent to, kept for the recipient warnings' book (DESIGN §11 `new-address`).
    expect(sent[0]?.recipients).toEqual([recipient])
  })

  it('a worker stopped between signing and sending: the next one re-sends the same bytes on waking, and the re-sent request gets the same signature without a second prompt', async () => {
    const shared = solanaSigningWorld()
    const first = solanaSigningWorker(shared)
    const request = transactionRequest('signAndSendTransaction')
    shared.node.hangSends = true
    void signTransaction(first.ports, request)
    await first.answer(true)
    while (shared.sends.length === 0) await new Promise((resolve) => setTimeout(resolve, 1))
    shared.node.hangSends = false

    const second = solanaSigningWorker(shared)
    await resumeSends(second.ports)
    // Sent on waking, before any page asked again, and in the activity.
    expect(shared.ledger.size).toBe(1)
    expect(second.sent.map((entry) => entry.signature)).toEqual([...shared.ledger])
    const resent = await signTransaction(second.ports, request)
    const [kept] = shared.sends.map((send) => send.transaction)
    expect(new Set(shared.sends.map((send) => send.transaction))).toEqual(new Set([kept]))
    expect(resent).toEqual({ result: { signature: [...shared.ledger][0] } })
    expect(shared.ledger.size).toBe(1)
    expect(await second.confirmations.pending()).toEqual([])
  })

  it('signTransaction answers the signed transaction and sends nothing', async () => {
    const shared = solanaSigningWorld()
    const { ports, answer, sent } = solanaSigningWorker(shared)
    const signing = signTransaction(ports, transactionRequest('signTransaction'))
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
    const shared = solanaSigningWorld()
    const refusal = {
      code: -32002,
      message:
        'Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.',
      data: { err: 'AccountNotFound', logs: [], accounts: null, unitsConsumed: 0 },
    }
    shared.node.refuseSends = refusal
    const { ports, answer, sent } = solanaSigningWorker(shared)
    const sending = signTransaction(ports, transactionRequest('signAndSendTransaction'))
    await answer(true)
    expect(await sending).toEqual({ error: refusal })
    expect(shared.sends).toHaveLength(1)
    expect(sent).toEqual([])
  })

  it('passes the dapp’s send options to sendTransaction with the base64 encoding', async () => {
    const shared = solanaSigningWorld()
    const { ports, answer } = solanaSigningWorker(shared)
    const options: SendOptions = {
      commitment: 'confirmed',
      skipPreflight: true,
      maxRetries: 3,
      preflightCommitment: 'processed',
      minContextSlot: 42,
    }
    const sending = signTransaction(ports, transactionRequest('signAndSendTransaction', options))
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
    const shared = solanaSigningWorld()
    const { ports, answer } = solanaSigningWorker(shared)
    const sending = signTransaction(ports, transactionRequest('signAndSendTransaction'))
    await answer(false)
    await expect(sending).rejects.toMatchObject({ code: 4001 })
    expect(shared.sends).toEqual([])
  })
})

describe('signTransaction with a v0 transaction using an address lookup table', () => {
  it("shows the table's accounts by address in the decoded instructions, and previews the user's change", async () => {
    const shared = solanaSigningWorld()
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
    const view = await shownView(shared, lookupTableTransaction())
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

  it('shows the priority fee its Compute Budget instructions set, and none when they set no price', async () => {
    const prioritized = await shownView(
      solanaSigningWorld(),
      unsignedTransaction({
        feePayer: key.address,
        instructions: [
          getSetComputeUnitLimitInstruction({ units: 50_000 }),
          getSetComputeUnitPriceInstruction({ microLamports: 20_000n }),
          transferInstruction(key.address, recipient, 1_000n),
        ],
      }),
    )
    expect(prioritized.priorityFee).toEqual({
      microLamportsPerUnit: '20000',
      unitLimit: '50000',
      unitLimitSet: true,
      lamports: '1000',
    })
    expect((await shownView(solanaSigningWorld(), transfer())).priorityFee).toBeUndefined()
  })
})
