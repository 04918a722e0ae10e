import { keccak256 } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { requestIdentityOf } from '../../protocol/requestIdentity.ts'
import type { Json, NodeAnswer } from '../../rpc/types.ts'
import { type ConfirmationWindows, createConfirmations } from '../../wallet/createConfirmations.ts'
import { confirmationUser } from '../../wallet/testing/confirmationUser.ts'
import { memoryConfirmationStore } from '../../wallet/testing/memoryConfirmationStore.ts'
import { confirmationWarnings } from '../../wallet/warnings/confirmationWarnings.ts'
import type { NodeCall } from '../nodeCall.ts'
import type { CallsBatch, SentTransaction, SignerPorts } from '../signing/ports.ts'
import { tokensEthCall } from './tokensNode.ts'

/** An ERC-20 token the signing tests' node knows: USD Coin at anvil's first deployment address. */
export const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

/** The account every signing test signs with (the test mnemonic's first). */
export const account = mnemonicToAccount(
  'test test test test test test test test test test test junk',
)
export const alice = account.address
export const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const dapp = 'http://127.0.0.1:5173'
export const devnet = 'eip155:31337'

/** Page request 7 of connection `tab-1`: a `personal_sign` of "hello". */
export const hello = requestIdentityOf('tab-1', 7, 'wallet_invokeMethod', {
  scope: devnet,
  request: { method: 'personal_sign', params: ['0x68656c6c6f', alice] },
})
/** The page, chain and identity of request 7, as the namespace hands a request over. */
export const base = { origin: dapp, chainId: devnet, ...hello } as const

/**
 * What outlives a worker in the EVM signing tests: session storage, windows, batches, and a node
 * (fees, gas, simulation, the USDC token's symbol and decimals, a pool of raw transactions by hash, receipts for what it took).
 */
export function signingWorld() {
  const store = memoryConfirmationStore()
  const { records } = store
  const windows: ConfirmationWindows = {
    open: async () => 7,
    focus: async () => undefined,
    exists: async (id) => id === 7,
  }
  const batches = new Map<string, CallsBatch>()
  /** Raw transactions the node accepted, by hash. */
  const pool = new Map<string, string>()
  const broadcasts: string[] = []
  let nonce = 0n
  /** Set to make the next eth_sendRawTransaction hang, as a worker stopped mid-broadcast would. */
  const node = { hangBroadcast: false }
  const call: NodeCall = async (method, params): Promise<NodeAnswer> => {
    switch (method) {
      case 'eth_getTransactionCount':
        return { result: `0x${nonce.toString(16)}` }
      case 'eth_feeHistory':
        return {
          result: {
            baseFeePerGas: ['0x3b9aca00', '0x3b9aca00'],
            oldestBlock: '0x1',
            reward: [],
            gasUsedRatio: [0],
          },
        }
      case 'eth_maxPriorityFeePerGas':
        return { result: '0x3b9aca00' }
      case 'eth_estimateGas':
        return { result: '0x5208' }
      case 'eth_getCode':
        return { result: '0x' }
      case 'eth_simulateV1':
        return {
          result: [
            {
              calls: (
                params[0] as { blockStateCalls: [{ calls: Json[] }] }
              ).blockStateCalls[0].calls.map(() => ({
                status: '0x1',
                logs: [],
                returnData: '0x',
                gasUsed: '0x5208',
              })),
            },
          ],
        }
      case 'eth_call':
        return (
          tokensEthCall({ [usdc]: { symbol: 'USDC', decimals: 6 } }, method, params) ?? {
            result: '0x',
          }
        )
      case 'eth_sendRawTransaction': {
        const raw = params[0] as `0x${string}`
        broadcasts.push(raw)
        if (node.hangBroadcast) return new Promise(() => undefined)
        const hash = keccak256(raw)
        if (pool.has(hash)) return { error: { code: -32000, message: 'already known' } }
        pool.set(hash, raw)
        nonce += 1n
        return { result: hash }
      }
      case 'eth_getTransactionByHash':
        return { result: pool.has(params[0] as string) ? { hash: params[0] as string } : null }
      case 'eth_getTransactionReceipt':
        return {
          result: pool.has(params[0] as string)
            ? {
                status: '0x1',
                logs: [],
                blockHash: '0x01',
                blockNumber: '0x1',
                gasUsed: '0x5208',
                transactionHash: params[0] as string,
              }
            : null,
        }
      default:
        throw new Error(`unexpected ${method}`)
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
  return { store, windows, batches, pool, broadcasts, call, node, records, stored }
}

export type SigningWorld = ReturnType<typeof signingWorld>

/** Confirmation ids, unique across the workers of a test file (as random ids would be). */
let confirmationIds = 0

/**
 * A worker over `world`: its confirmation queue and the signing ports the actions take, the
 * activity it was told of (`sent`), and the user's side of the window (`shown`, `answer`).
 */
export function signingWorker(world: SigningWorld) {
  const confirmations = createConfirmations({
    store: world.store,
    windows: world.windows,
    newId: () => {
      confirmationIds += 1
      return `confirmation-${confirmationIds}`
    },
    claimMs: 60_000,
    warnings: confirmationWarnings,
    now: () => Date.now(),
  })
  const sent: SentTransaction[] = []
  const ports: SignerPorts = {
    confirmations,
    node: () => world.call,
    account: async () => account,
    batches: {
      read: async (id) => world.batches.get(id),
      write: async (batch) => {
        world.batches.set(batch.id, batch)
      },
    },
    sent: (transaction) => sent.push(transaction),
    log: { read: async () => sent },
    newBatchId: () => '0xb47c',
    now: () => 1_700_000_000_000,
  }
  return { confirmations, ports, sent, ...confirmationUser(confirmations) }
}
