import type { Address } from 'viem'
import type { ChainId } from '../../caip/types.ts'
import {
  walletNamespaceMethods,
  walletNamespaceScope,
  walletScopeMethods,
} from '../../eth/methods.ts'
import type { NetworkAdder } from '../../eth/networkAdder.ts'
import type { Signer, SigningRequest } from '../../eth/signer.ts'
import type { Json, RpcNotification } from '../../rpc/types.ts'
import type { SolanaSigner, SolanaSigningRequest } from '../../solana/solanaNamespace.ts'
import type {
  AnswerOptions,
  ApprovalAnswer,
  ApprovalRequest,
  ApprovalResult,
  ConnectionId,
  EnginePorts,
  RoutedNodeAnswer,
  SignerAnswer,
  StoredSession,
  SubscriptionOwner,
  WalletCapabilities,
} from '../ports.ts'

/** anvil's first funded accounts (the standard test mnemonic). */
export const anvilAccounts = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
] as const satisfies readonly Address[]

/** What each `eip155` scope supports: the wallet's real list from `core/eth`. */
export const eip155Methods: readonly string[] = walletScopeMethods

/** A wallet with the local devnet, mainnet, OP Mainnet and `wallet:eip155`, and two of anvil's accounts. */
export const defaultCapabilities = (): WalletCapabilities => ({
  chains: {
    'eip155:31337': { methods: [...eip155Methods], notifications: ['eth_subscription'] },
    'eip155:1': { methods: [...eip155Methods], notifications: ['eth_subscription'] },
    'eip155:10': { methods: [...eip155Methods], notifications: ['eth_subscription'] },
    [walletNamespaceScope]: { methods: [...walletNamespaceMethods], notifications: [] },
  },
  accounts: [anvilAccounts[0], anvilAccounts[1]],
})

export type SentNotification =
  | { to: 'origin'; origin: string; notification: RpcNotification }
  | { to: 'connection'; connection: ConnectionId; notification: RpcNotification }

export type RecordedNodeCall =
  | { kind: 'request'; chainId: ChainId; method: string; params: unknown }
  | { kind: 'subscribe'; owner: SubscriptionOwner; params: Json[] }
  | { kind: 'unsubscribe'; owner: SubscriptionOwner; subscriptionId: string }
  | { kind: 'unsubscribeAll'; match: { origin: string; connection?: string; chainId?: ChainId } }

/**
 * Decides one approval; the default approves every offered chain with the preselected accounts.
 * An answer that names what was `shown` stands for a window that showed another request (one the
 * page request re-attached to); otherwise the window showed `request`.
 */
export type ApprovalPolicy = (
  request: ApprovalRequest,
) => ApprovalResult | ApprovalAnswer | Promise<ApprovalResult | ApprovalAnswer>

export const approveAsOffered: ApprovalPolicy = (request) => ({
  approved: true,
  chains: request.chains.map((chain) => chain.chainId),
  accounts: request.preselectedAccounts,
})

export type MemoryPorts = EnginePorts & {
  /** Stored sessions by origin; tests may read and seed it. */
  store: Map<string, StoredSession>
  /** Every notification sent, in order. */
  sent: SentNotification[]
  /** Every approval asked for, in order. */
  approvals: ApprovalRequest[]
  /** Every call to the node router, in order. */
  nodeCalls: RecordedNodeCall[]
  /** The `eip155` namespace's signer: records the request, answers `setSignerAnswer`'s way. */
  signer: Signer
  /** Every signing request the engine let through, in order. */
  signed: SigningRequest[]
  /** The `eip155` namespace's network adder: records each request, answers `null`. */
  networks: NetworkAdder
  /** Every `wallet_addEthereumChain` the engine let through, in order (each answered `null`). */
  addedNetworks: Parameters<NetworkAdder['addNetwork']>[0][]
  /** Every Solana signing request the `solana` namespace let through, in order. */
  solanaSigned: SolanaSigningRequest[]
  /** The `solana` namespace's signer: records the request, answers a fixed signature. */
  solanaSigner: SolanaSigner
  /** How the signer answers (default: a fixed signature). */
  setSignerAnswer(answer: (request: SigningRequest) => SignerAnswer | Promise<SignerAnswer>): void
  setApprovalPolicy(policy: ApprovalPolicy): void
  /**
   * How `nodes.request` answers (default `{ result: '0x7a69' }`); throw to simulate an outage. It
   * gets the call's `AnswerOptions` too, to hand result pieces on as a streaming node client does.
   */
  setNodeAnswer(
    answer: (
      chainId: ChainId,
      method: string,
      params: unknown,
      options?: AnswerOptions,
    ) => RoutedNodeAnswer,
  ): void
  setNow(now: number): void
  capabilitiesValue: WalletCapabilities
}

/** In-memory ports for the engine: recorded calls, a settable clock, approvals and node answers. */
export function createMemoryPorts(
  options: { now?: number; capabilities?: WalletCapabilities } = {},
): MemoryPorts {
  const store = new Map<string, StoredSession>()
  const sent: SentNotification[] = []
  const approvals: ApprovalRequest[] = []
  const nodeCalls: RecordedNodeCall[] = []
  let policy: ApprovalPolicy = approveAsOffered
  let nodeAnswer = (
    _chainId: ChainId,
    _method: string,
    _params: unknown,
    _options?: AnswerOptions,
  ): RoutedNodeAnswer => ({ result: '0x7a69' })
  let now = options.now ?? Date.parse('2026-01-01T00:00:00Z')
  let subscriptionCount = 0
  const signed: SigningRequest[] = []
  const solanaSigned: SolanaSigningRequest[] = []
  const addedNetworks: Parameters<NetworkAdder['addNetwork']>[0][] = []
  let signerAnswer = (_request: SigningRequest): SignerAnswer | Promise<SignerAnswer> => ({
    result: `0x${'ab'.repeat(65)}`,
  })

  const ports: MemoryPorts = {
    store,
    sent,
    approvals,
    nodeCalls,
    capabilitiesValue: options.capabilities ?? defaultCapabilities(),
    signed,
    solanaSigned,
    solanaSigner: {
      sign: async (request) => {
        solanaSigned.push(request)
        return { result: { signature: '1'.repeat(64) } }
      },
    },
    setSignerAnswer: (next) => {
      signerAnswer = next
    },
    signer: {
      sign: async (request) => {
        signed.push(request)
        return signerAnswer(request)
      },
      callsStatus: async ({ id }) => ({ id, status: 100 }),
    },
    addedNetworks,
    networks: {
      addNetwork: async (request) => {
        addedNetworks.push(request)
        return null
      },
    },
    setApprovalPolicy: (next) => {
      policy = next
    },
    setNodeAnswer: (next) => {
      nodeAnswer = next
    },
    setNow: (next) => {
      now = next
    },
    sessions: {
      get: async (origin) => store.get(origin),
      set: async (origin, session) => {
        store.set(origin, structuredClone(session))
      },
      delete: async (origin) => {
        store.delete(origin)
      },
      list: async () => [...store].map(([origin, session]) => ({ origin, session })),
    },
    approver: {
      requestApproval: async (request) => {
        approvals.push(request)
        const result = await policy(request)
        return result.approved && !('shown' in result) ? { ...result, shown: request } : result
      },
    },
    nodes: {
      request: async (chainId, method, params, options) => {
        nodeCalls.push({ kind: 'request', chainId, method, params })
        return nodeAnswer(chainId, method, params, options)
      },
      subscribe: async (owner, params) => {
        nodeCalls.push({ kind: 'subscribe', owner, params })
        subscriptionCount += 1
        return { result: `0x${subscriptionCount.toString(16).padStart(32, '0')}` }
      },
      unsubscribe: async (owner, subscriptionId) => {
        nodeCalls.push({ kind: 'unsubscribe', owner, subscriptionId })
        return { result: true }
      },
      unsubscribeAll: async (match) => {
        nodeCalls.push({ kind: 'unsubscribeAll', match })
      },
    },
    notifier: {
      toConnection: (connection, notification) => {
        sent.push({ to: 'connection', connection, notification })
      },
      toOrigin: (origin, notification) => {
        sent.push({ to: 'origin', origin, notification })
      },
    },
    clock: { now: () => now },
    capabilities: { get: async () => structuredClone(ports.capabilitiesValue) },
  }
  return ports
}
