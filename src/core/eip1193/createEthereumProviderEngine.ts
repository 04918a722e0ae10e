import { isObject } from '@metamask/utils'
import type { Address } from 'viem'
import {
  confirmedInvocations,
  nodeMethods,
  nonIdempotentNodeMethods,
  rerunnableNodeMethods,
  signingMethods,
  subscriptionMethods,
} from '../eth/methods.ts'
import { callNode } from '../multichain/callNode.ts'
import type { EngineResponse, PageRequestOptions, StoredSession } from '../multichain/ports.ts'
import { toRpcError, unsupportedMethod } from '../rpc/errors.ts'
import { parseRequest } from '../rpc/parseRequest.ts'
import { failure, success } from '../rpc/response.ts'
import type { Json } from '../rpc/types.ts'
import { addChain } from './addChain.ts'
import { ecRecover } from './ecRecover.ts'
import { getPermissions, requestPermissions, revokePermissions } from './permissions.ts'
import type { ProviderEnginePorts } from './ports.ts'
import {
  announce,
  currentView,
  type ProviderAnswer,
  type ProviderCall,
  type ProviderContext,
  type ProviderHandler,
  viaMultichain,
  viewOf,
} from './providerContext.ts'
import { requestAccounts } from './requestAccounts.ts'
import { decimalChainId, hexChainId, type SiteView } from './siteView.ts'
import { switchChain } from './switchChain.ts'
import { watchAsset } from './watchAsset.ts'

/** The methods the provider answers itself (DESIGN §7), each in its own file. */
const handlers: Record<string, ProviderHandler> = {
  eth_chainId: async (context, { origin }) => ({
    result: hexChainId((await currentView(context, origin)).chainId),
  }),
  net_version: async (context, { origin }) => ({
    result: decimalChainId((await currentView(context, origin)).chainId),
  }),
  eth_accounts: async (context, { origin }) => ({
    result: (await currentView(context, origin)).accounts,
  }),
  eth_requestAccounts: requestAccounts,
  wallet_requestPermissions: requestPermissions,
  wallet_getPermissions: getPermissions,
  wallet_revokePermissions: revokePermissions,
  wallet_switchEthereumChain: switchChain,
  wallet_addEthereumChain: addChain,
  wallet_watchAsset: watchAsset,
  personal_ecRecover: ecRecover,
}

/** Methods answered through the Multichain API's `wallet_invokeMethod` on the site's chain. */
const invokedMethods: ReadonlySet<string> = new Set<string>([
  ...signingMethods.filter((method) => method !== 'eth_accounts'),
  ...subscriptionMethods,
])

/** Node reads answered from the site's chain's node, session or not (public data). */
const readMethods: ReadonlySet<string> = new Set<string>(
  nodeMethods.filter((method) => method !== 'eth_chainId' && method !== 'net_version'),
)

/** Every method the provider answers (DESIGN §7); anything else is `4200`. */
export const providerMethods: readonly string[] = [
  ...Object.keys(handlers),
  ...invokedMethods,
  ...readMethods,
]

/** Methods that may open the approval window (announced to it before they run). */
const approvalMethods: ReadonlySet<string> = new Set([
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'wallet_switchEthereumChain',
])

/** Methods that may open a confirmation (released once their answer is kept). */
const confirmationMethods: ReadonlySet<string> = new Set([
  ...confirmedInvocations,
  'wallet_watchAsset',
])

/** Methods whose second run would do something twice: a re-send gets the first answer. */
const replayedMethods: ReadonlySet<string> = new Set([
  ...nonIdempotentNodeMethods,
  ...approvalMethods,
  ...confirmationMethods,
  'wallet_revokePermissions',
])

/** Signing, calls and subscriptions: the Multichain API's `wallet_invokeMethod` on the site's chain. */
const invoke: ProviderHandler = async (context, call) => {
  const { chainId } = await currentView(context, call.origin)
  const { method, params } = call
  const request: Json = params === undefined ? { method } : { method, params: params as Json }
  return viaMultichain(context, call, 'wallet_invokeMethod', { scope: chainId, request })
}

/**
 * A node read on the site's chain, session or not; the node's answer verbatim. It waits in the
 * origin's line of node calls (`nodesOf`, DESIGN §6), shared with the origin's Multichain API calls.
 */
const read: ProviderHandler = async (context, call) => {
  const { chainId } = await currentView(context, call.origin)
  const params = call.params as Json[] | Record<string, Json> | undefined
  const nodes = context.ports.multichain.nodesOf(call.origin)
  const answer = { onResultPiece: call.onResultPiece }
  return callNode(() => nodes.request(chainId, call.method, params, answer))
}

const handlerOf = (method: string): ProviderHandler | undefined =>
  Object.hasOwn(handlers, method)
    ? handlers[method]
    : invokedMethods.has(method)
      ? invoke
      : readMethods.has(method)
        ? read
        : undefined

/** The response for `call` from what its handler answered. */
function respond(call: ProviderCall, answered: ProviderAnswer): EngineResponse {
  if ('jsonrpc' in answered) return answered
  const { id } = call
  if ('error' in answered) return { jsonrpc: '2.0', id, error: answered.error }
  if ('resultJson' in answered) return { jsonrpc: '2.0', id, resultJson: answered.resultJson }
  return success(id, answered.result)
}

const methodOf = (request: unknown): string | undefined =>
  isObject(request) && typeof request.method === 'string' ? request.method : undefined

/** The EIP-1193 provider engine's surface, for the worker and the popup's messages. */
export type EthereumProviderEngine = {
  /** Answers one EIP-1193 request of `origin` on `connection` (never throws). */
  handleRequest(
    origin: string,
    connection: string,
    request: unknown,
    options?: PageRequestOptions,
  ): Promise<EngineResponse>
  /** How a request is treated when re-sent after a worker restart (DESIGN §6). */
  resendRules(request: unknown): {
    replayed: boolean
    rerunnable: boolean
    approval: boolean
    confirmation: boolean
  }
  /**
   * The origin's stored session changed (whoever changed it): its providers get `accountsChanged`
   * / `chainChanged` for what moved.
   */
  sessionChanged(
    origin: string,
    before: StoredSession | undefined,
    after: StoredSession | undefined,
  ): Promise<void>
  /** Makes `address` the site's active account (the Connections screen); `accountsChanged` if it moved. */
  setActiveAccount(origin: string, address: Address): Promise<void>
  /** What the site's provider sees now: its accounts (active first) and its chain. */
  view(origin: string): Promise<SiteView>
}

/**
 * The EIP-1193 provider's engine (DESIGN §7) over the Multichain API engine and its ports: the
 * provider's connection is the origin's CAIP-25 session. Sessions are made
 * (`eth_requestAccounts`, `wallet_requestPermissions`), edited (a chain added on a switch or an
 * added network) and ended (`wallet_revokePermissions`) through the Multichain API engine, so every
 * change is also its `wallet_sessionChanged`; signing and subscriptions are its `wallet_invokeMethod`
 * on the site's current chain; reads go to the node of that chain. Per origin it keeps the site's
 * chosen chain and active account (`SiteStore`). Anything else is `4200`.
 *
 * @example
 * const provider = createEthereumProviderEngine(ports)
 * await provider.handleRequest('https://app.example', 'tab-1#eip1193', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
 * // { jsonrpc: '2.0', id: 1, result: '0x7a69' }
 */
export function createEthereumProviderEngine(ports: ProviderEnginePorts): EthereumProviderEngine {
  const context: ProviderContext = { ports, connecting: new Map() }
  return {
    async handleRequest(origin, connection, request, options = {}) {
      const parsed = parseRequest(request)
      if ('error' in parsed) return failure(parsed.id, parsed.error)
      const { id = null, method, params } = parsed.request
      const call: ProviderCall = { origin, connection, id, method, params, ...options }
      try {
        const handler = handlerOf(method)
        if (!handler) throw unsupportedMethod(method)
        return respond(call, await handler(context, call))
      } catch (error) {
        return failure(id, toRpcError(error))
      }
    },

    resendRules(request) {
      const method = methodOf(request) ?? ''
      return {
        replayed: replayedMethods.has(method),
        rerunnable: rerunnableNodeMethods.includes(method),
        approval: approvalMethods.has(method),
        confirmation: confirmationMethods.has(method),
      }
    },

    async sessionChanged(origin, before, after) {
      announce(
        context,
        origin,
        await viewOf(context, origin, before),
        await viewOf(context, origin, after),
      )
    },

    async setActiveAccount(origin, address) {
      const before = await currentView(context, origin)
      await ports.sites.set(origin, { ...(await ports.sites.get(origin)), activeAccount: address })
      announce(context, origin, before, await currentView(context, origin))
    },

    view: (origin) => currentView(context, origin),
  }
}
