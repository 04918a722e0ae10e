import { ed25519 } from '@noble/curves/ed25519.js'
import type { NodeCall } from '../../eth/nodeCall.ts'
import { deriveSolanaKeys } from '../../keyring/deriveSolanaKeys.ts'
import type { NodeAnswer, RpcErrorObject } from '../../rpc/types.ts'
import { createConfirmations } from '../../wallet/createConfirmations.ts'
import { confirmationUser } from '../../wallet/testing/confirmationUser.ts'
import { memoryConfirmationStore } from '../../wallet/testing/memoryConfirmationStore.ts'
import { confirmationWarnings } from '../../wallet/warnings/confirmationWarnings.ts'
import { fromBase58, toBase58 } from '../base58.ts'
import { readBase64 } from '../base64.ts'
import { maxTransactionBytes } from '../parseSigningParams.ts'
import type { SentSolanaTransaction, SolanaSignerPorts } from '../signing/ports.ts'

const [firstKey] = deriveSolanaKeys(
  'test test test test test test test test test test test junk',
  1,
)
if (!firstKey) throw new Error('no key derived')
/** The key every Solana signing test signs with (the test mnemonic's first Solana account). */
export const key = firstKey
export const localSolana = 'solana:123456789abcdef'
export const dapp = 'http://127.0.0.1:5173'

/** The signature (base58) a wire transaction (base64) carries first. */
const firstSignatureOf = (transaction: string): string =>
  toBase58((readBase64(transaction, maxTransactionBytes) ?? new Uint8Array()).subarray(1, 65))

/**
 * What outlives a worker in the Solana signing tests: the confirmation records (session storage)
 * and the node's ledger of the transactions it took.
 */
export function solanaSigningWorld() {
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
        const signature = firstSignatureOf(transaction)
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
  /**
   * Resolves once the store holds a confirmation record: what a worker stopped after showing one
   * leaves behind. A worker writes its record beside the window's creation, so the next worker of
   * a test starts after this, as a restarted worker starts after the old one is gone.
   */
  const stored = async (): Promise<void> => {
    while (store.records.size === 0) await new Promise<void>((resolve) => setTimeout(resolve, 1))
  }
  return { store, records, sends, ledger, node, call, stored }
}

export type SolanaSigningWorld = ReturnType<typeof solanaSigningWorld>

/** Confirmation ids, unique across the workers of a test file (as random ids would be). */
let confirmationIds = 0

/**
 * A worker over `world`: its confirmation queue and the Solana signing ports the actions take, the
 * activity it was told of (`sent`), and the user's side of the window (`shown`, `answer`).
 */
export function solanaSigningWorker(world: SolanaSigningWorld) {
  const confirmations = createConfirmations({
    store: world.store,
    windows: { open: async () => 7, focus: async () => undefined, exists: async (id) => id === 7 },
    newId: () => {
      confirmationIds += 1
      return `confirmation-${confirmationIds}`
    },
    claimMs: 60_000,
    warnings: confirmationWarnings,
    now: () => 1_700_000_000_000,
  })
  const sent: SentSolanaTransaction[] = []
  const ports: SolanaSignerPorts = {
    confirmations,
    node: () => world.call,
    key: async () => key,
    sent: (transaction) => sent.push(transaction),
    now: () => 1_700_000_000_000,
  }
  return { confirmations, ports, sent, ...confirmationUser(confirmations) }
}

/** `value` as UTF-8 bytes. */
export const utf8 = (value: string): Uint8Array => new TextEncoder().encode(value)

/** Whether `answered` (a signing answer) carries the test key's signature of `message`. */
export const signs = (answered: unknown, message: Uint8Array): boolean => {
  const { signature } = (answered as { result: { signature: string } }).result
  return ed25519.verify(fromBase58(signature), message, fromBase58(key.address))
}
