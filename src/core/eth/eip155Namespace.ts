import { getAddress, isAddressEqual } from 'viem'
import type { AccountId, ChainId } from '../caip/types.ts'
import { callNode } from '../multichain/callNode.ts'
import type {
  EngineContext,
  HandlerAnswer,
  HandlerCall,
  Namespace,
  NamespaceInvocation,
  NamespaceKnowledge,
  NamespaceSubscriptions,
  ScopeSupport,
} from '../multichain/namespace.ts'
import { invalidParams, unauthorized } from '../rpc/errors.ts'
import { checkNetworkEndpoint } from '../wallet/validateNetwork.ts'
import { isAddress } from './hex.ts'
import { invokeSigningMethod } from './invokeSigningMethod.ts'
import {
  confirmedInvocations,
  isSigningMethod,
  nonIdempotentNodeMethods,
  walletNamespaceMethods,
  walletNamespaceScope,
  walletScopeMethods,
  walletScopeNotifications,
} from './methods.ts'
import type { NetworkAdder } from './networkAdder.ts'
import { parseAddEthereumChainParams } from './parseAddEthereumChainParams.ts'
import { scopeAllowsSubscriptions } from './scopeAllowsSubscriptions.ts'
import type { Signer } from './signer.ts'
import { subscriptionCatchUp } from './subscriptionCatchUp.ts'

/** `wallet_addEthereumChain` in the `wallet:eip155` scope (EIP-3085): a confirmation adds the network. */
async function addNetwork(networks: NetworkAdder, call: HandlerCall, params: unknown) {
  const parsed = parseAddEthereumChainParams(params)
  if ('problems' in parsed) throw invalidParams(parsed.problems)
  const added = await networks.addNetwork({
    origin: call.origin,
    requestKey: call.requestKey,
    requestDigest: call.requestDigest,
    draft: parsed.draft,
  })
  return { result: added }
}

/**
 * `eth_subscribe` / `eth_unsubscribe` (DESIGN §4): they also need `eth_subscription` granted and go
 * over the chain's WebSocket, owned by the calling connection.
 */
async function subscription(
  context: EngineContext,
  call: HandlerCall,
  { chainId, scope, method, params }: NamespaceInvocation,
): Promise<HandlerAnswer> {
  const { nodes } = context.ports
  const owner = { origin: call.origin, connection: call.connection, chainId }
  if (method === 'eth_subscribe') {
    if (!scopeAllowsSubscriptions(scope, 'eth_subscribe')) throw unauthorized()
    if (!Array.isArray(params) || params.length === 0) {
      throw invalidParams([{ path: 'request.params', message: 'must be [kind, options?]' }])
    }
    return callNode(() => nodes.subscribe(owner, params))
  }
  if (!scopeAllowsSubscriptions(scope, 'eth_unsubscribe')) throw unauthorized()
  const subscriptionId = Array.isArray(params) && params.length === 1 ? params[0] : undefined
  if (typeof subscriptionId !== 'string') {
    throw invalidParams([{ path: 'request.params', message: 'must be [subscriptionId]' }])
  }
  return callNode(() => nodes.unsubscribe(owner, subscriptionId))
}

/**
 * `eth_subscribe` / `eth_unsubscribe` with `eth_subscription` (DESIGN §4): each node event reaches
 * the subscribing connection as `wallet_notify { scope, notification: { method: 'eth_subscription',
 * params: { subscription, result } } }`; after a restart `newHeads` and `logs` deliver what was
 * mined in between, each event once (`subscriptionCatchUp`).
 */
export const eip155Subscriptions: NamespaceSubscriptions = {
  methods: ['eth_subscribe', 'eth_unsubscribe'],
  notification: 'eth_subscription',
  allowedIn: (scope) => scopeAllowsSubscriptions(scope),
  event: (subscription, result) => ({
    method: 'eth_subscription',
    params: { subscription, result },
  }),
  ...subscriptionCatchUp,
}

/**
 * What the `eip155` namespace knows (DESIGN §4): every enabled EVM network supports the node reads,
 * the subscription pair and the signing methods, with `eth_subscription`; `wallet:eip155` offers
 * `wallet_addEthereumChain`. Accounts are `eip155:<n>:<EIP-55 address>`, matched case-insensitively.
 * An endpoint the user gives must answer `eth_chainId` with its chain (`checkNetworkEndpoint`).
 */
export const eip155NamespaceKnowledge: NamespaceKnowledge = {
  name: 'eip155',
  title: 'Ethereum',
  chains(networks) {
    const chains: Record<ChainId, ScopeSupport> = {}
    for (const network of networks) {
      if (network.enabled && network.chainId.startsWith('eip155:')) {
        chains[network.chainId] = {
          methods: [...walletScopeMethods],
          notifications: [...walletScopeNotifications],
        }
      }
    }
    // Always offered: `wallet_addEthereumChain` (DESIGN §4, the reference wallet's dapps).
    chains[walletNamespaceScope] = { methods: [...walletNamespaceMethods], notifications: [] }
    return chains
  },
  // An account without an EVM address (an imported Solana key, named `0x` + 64 hex digits) has
  // none here: `''` keeps the others at their index and matches no address.
  addresses: (accounts) => accounts.keys.map((key) => (isAddress(key) ? key : '')),
  accountId: (chainId, address): AccountId => `${chainId}:${getAddress(address)}`,
  sameAddress: (a, b) =>
    /^0x[0-9a-fA-F]{40}$/.test(a) &&
    /^0x[0-9a-fA-F]{40}$/.test(b) &&
    isAddressEqual(a as `0x${string}`, b as `0x${string}`),
  checkEndpoint: checkNetworkEndpoint,
  confirmedMethods: confirmedInvocations,
  replayedMethods: nonIdempotentNodeMethods,
  subscriptions: eip155Subscriptions,
}

/**
 * The `eip155` namespace answering calls: the signing methods go to `signer` once their params
 * are checked and the account is granted (`invokeSigningMethod`), the subscription pair over the
 * chain's WebSocket, `wallet_addEthereumChain` to `networks`, everything else to the node.
 */
export function createEip155Namespace(ports: {
  signer: Signer
  networks: NetworkAdder
}): Namespace {
  const { signer, networks } = ports
  return {
    ...eip155NamespaceKnowledge,
    async invoke(context, call, invocation) {
      const { chainId, scope, method, params } = invocation
      // The only method offered there (`walletNamespaceMethods`): granted, so it is this one.
      if (chainId === walletNamespaceScope) return addNetwork(networks, call, params)
      if (isSigningMethod(method)) {
        return invokeSigningMethod(signer, call, { chainId, scope, method, params })
      }
      if (method === 'eth_subscribe' || method === 'eth_unsubscribe') {
        return subscription(context, call, invocation)
      }
      const nodeParams = params as Parameters<typeof context.ports.nodes.request>[2]
      // Passed through as the node wrote it: its pieces may go ahead to the page (`AnswerOptions`).
      const answer = { onResultPiece: call.onResultPiece }
      return callNode(() => context.ports.nodes.request(chainId, method, nodeParams, answer))
    },
  }
}
