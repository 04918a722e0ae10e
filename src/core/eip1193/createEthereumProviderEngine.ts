import { isObject } from '@metamask/utils'
import { type Address, getAddress, type Hex, recoverMessageAddress } from 'viem'
import { parseAccountId } from '../caip/parseAccountId.ts'
import type { AccountId, ChainId } from '../caip/types.ts'
import {
  confirmedInvocations,
  nodeMethods,
  nonIdempotentNodeMethods,
  signingMethods,
  subscriptionMethods,
} from '../eth/methods.ts'
import { parseAddEthereumChainParams } from '../eth/parseAddEthereumChainParams.ts'
import { callNode } from '../multichain/callNode.ts'
import type { HandlerAnswer } from '../multichain/context.ts'
import type { EngineResponse, StoredSession } from '../multichain/ports.ts'
import { isExpired } from '../multichain/sessionLifecycle.ts'
import { requestKeyOf } from '../protocol/connection.ts'
import {
  invalidParams,
  toRpcError,
  unrecognizedChain,
  unsupportedMethod,
  userRejected,
} from '../rpc/errors.ts'
import { parseRequest } from '../rpc/parseRequest.ts'
import { failure, success } from '../rpc/response.ts'
import type { Json, RpcId } from '../rpc/types.ts'
import { legacyPermissions } from './legacyPermissions.ts'
import { parseEcRecoverParams } from './parseEcRecoverParams.ts'
import { parsePermissionsParams } from './parsePermissionsParams.ts'
import { parseSwitchChainParams } from './parseSwitchChainParams.ts'
import { parseWatchAssetParams } from './parseWatchAssetParams.ts'
import type { ProviderEnginePorts } from './ports.ts'
import {
  decimalChainId,
  evmChains,
  hexChainId,
  type SiteView,
  siteView,
  viewChanges,
} from './siteView.ts'

/** Methods answered through the Multichain API's `wallet_invokeMethod` on the site's chain. */
const invokedMethods: ReadonlySet<string> = new Set<string>([
  ...signingMethods.filter((method) => method !== 'eth_accounts'),
  ...subscriptionMethods,
])

/** Node reads answered from the site's chain's node, session or not (public data). */
const readMethods: ReadonlySet<string> = new Set<string>(
  nodeMethods.filter((method) => method !== 'eth_chainId' && method !== 'net_version'),
)

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

/** The addresses (EIP-55) of every account of a session, each once, in the session's order. */
const sessionAddresses = (session: StoredSession): Address[] => {
  const addresses = new Set<Address>()
  for (const scope of Object.values(session.sessionScopes)) {
    for (const accountId of scope?.accounts ?? []) {
      const address = parseAccountId(accountId)?.address
      if (address !== undefined && /^0x[0-9a-fA-F]{40}$/.test(address)) {
        addresses.add(getAddress(address))
      }
    }
  }
  return [...addresses]
}

const methodOf = (request: unknown): string | undefined =>
  isObject(request) && typeof request.method === 'string' ? request.method : undefined

/** The EIP-1193 provider engine's surface, for the worker and the popup's messages. */
export type EthereumProviderEngine = {
  /** Answers one EIP-1193 request of `origin` on `connection` (never throws). */
  handleRequest(origin: string, connection: string, request: unknown): Promise<EngineResponse>
  /** How a request is treated when re-sent after a worker restart (DESIGN §6). */
  resendRules(request: unknown): { replayed: boolean; approval: boolean; confirmation: boolean }
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
 * on the site's current chain. Per origin it keeps the site's chosen chain and active account
 * (`SiteStore`).
 *
 * @example
 * const provider = createEthereumProviderEngine(ports)
 * await provider.handleRequest('https://app.example', 'tab-1#eip1193', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
 * // { jsonrpc: '2.0', id: 1, result: '0x7a69' }
 */
export function createEthereumProviderEngine(ports: ProviderEnginePorts): EthereumProviderEngine {
  const { multichain, sessions, capabilities, sites, notifier, clock } = ports
  /** Per origin, the session request whose window is open: concurrent callers share its answer. */
  const connecting = new Map<string, Promise<EngineResponse>>()
  /** Per origin, the `eth_requestAccounts` whose window is open: concurrent callers share it. */
  const connectingEthereum = new Map<string, Promise<unknown>>()

  /**
   * Adds the wallet's EVM networks, with the accounts the user picks, to the origin's session
   * (`connectNamespace`: the approval window of DESIGN §4 with the standard sets, the session's
   * other namespaces left as they are). Concurrent calls of one origin share the window.
   */
  const connectEthereum = (origin: string): Promise<unknown> => {
    const shared = connectingEthereum.get(origin)
    if (shared) return shared
    const asked = multichain
      .connectNamespace({ origin, namespace: 'eip155' })
      .finally(() => connectingEthereum.delete(origin))
    connectingEthereum.set(origin, asked)
    return asked
  }

  const walletChains = async (): Promise<ChainId[]> =>
    evmChains(Object.keys((await capabilities.get()).chains))

  const liveSession = async (origin: string): Promise<StoredSession | undefined> => {
    const session = await sessions.get(origin)
    return session && !isExpired(session, clock.now()) ? session : undefined
  }

  const viewOf = async (origin: string, session: StoredSession | undefined): Promise<SiteView> =>
    siteView({
      scopes: session?.sessionScopes ?? {},
      site: await sites.get(origin),
      walletChains: await walletChains(),
      fallback: await ports.defaultChain(),
    })

  const view = async (origin: string): Promise<SiteView> =>
    viewOf(origin, await liveSession(origin))

  const announce = (origin: string, before: SiteView, after: SiteView): void => {
    for (const event of viewChanges(before, after)) notifier.toOrigin(origin, event)
  }

  /** The Multichain API request `method` of this page request, under the same connection and id. */
  const viaMultichain = (
    origin: string,
    connection: string,
    id: RpcId,
    method: string,
    params: Json,
  ): Promise<EngineResponse> =>
    multichain.handleRequest(origin, connection, { jsonrpc: '2.0', id, method, params })

  /**
   * Asks for a session in the approval window (DESIGN §7 `eth_requestAccounts`): the wallet's EVM
   * networks, the site's chain first, with their standard methods and notifications, `accounts`
   * preselected. Concurrent calls of one origin share the window and its answer.
   */
  const requestSession = (
    call: { origin: string; connection: string; id: RpcId },
    chains: ChainId[],
    preselected: Address[],
  ): Promise<EngineResponse> => {
    const shared = connecting.get(call.origin)
    if (shared) return shared
    const optionalScopes: Record<string, Json> = {}
    for (const chainId of chains) {
      const accounts: Json[] = preselected.map((address): AccountId => `${chainId}:${address}`)
      optionalScopes[chainId] = { methods: [], notifications: [], accounts }
    }
    const asked = viaMultichain(call.origin, call.connection, call.id, 'wallet_createSession', {
      optionalScopes,
    }).finally(() => connecting.delete(call.origin))
    connecting.set(call.origin, asked)
    return asked
  }

  /** Chains to offer for a session: the site's chain first, then the wallet's other EVM networks. */
  const offeredChains = async (current: ChainId, also: ChainId[] = []): Promise<ChainId[]> => [
    ...new Set([current, ...also, ...(await walletChains())]),
  ]

  /** Makes `chainId` the site's chain and tells its providers when that moved it. */
  const choose = async (origin: string, chainId: ChainId): Promise<void> => {
    const before = await view(origin)
    await sites.set(origin, { ...(await sites.get(origin)), chainId })
    announce(origin, before, await view(origin))
  }

  /**
   * Adds `chainId` to the origin's session with the session's accounts — after the user approves
   * it in the approval window when `ask` (a switch), at once after a confirmed added network.
   */
  const permitChain = async (
    origin: string,
    session: StoredSession,
    chainId: ChainId,
    ask: boolean,
  ): Promise<void> => {
    const accounts = sessionAddresses(session)
    if (ask) {
      const supported = (await capabilities.get()).chains[chainId]
      const approval = await ports.approver.requestApproval({
        origin,
        chains: [
          {
            chainId,
            required: true,
            methods: supported?.methods ?? [],
            notifications: supported?.notifications ?? [],
          },
        ],
        preselectedAccounts: accounts,
        sessionProperties: session.sessionProperties,
      })
      if (!approval.approved || !approval.chains.includes(chainId)) throw userRejected()
    }
    const chains = [...(Object.keys(session.sessionScopes) as ChainId[]), chainId]
    await multichain.updateSession(origin, { chains, accounts })
  }

  /** `wallet_switchEthereumChain` (and `wallet_addEthereumChain` of a chain the wallet has). */
  const switchChain = async (origin: string, chainId: ChainId, hex: string): Promise<Json> => {
    const session = await liveSession(origin)
    const before = await viewOf(origin, session)
    if (before.chainId === chainId) return null
    if (!(await walletChains()).includes(chainId)) throw unrecognizedChain(hex)
    const sessionChains = evmChains(Object.keys(session?.sessionScopes ?? {}))
    if (session && sessionChains.length > 0 && !sessionChains.includes(chainId)) {
      await permitChain(origin, session, chainId, true)
    }
    await choose(origin, chainId)
    return null
  }

  type Call = { origin: string; connection: string; id: RpcId; method: string; params: unknown }

  async function answer(call: Call): Promise<EngineResponse | HandlerAnswer> {
    const { origin, connection, id, method, params } = call
    switch (method) {
      case 'eth_chainId':
        return { result: hexChainId((await view(origin)).chainId) }
      case 'net_version':
        return { result: decimalChainId((await view(origin)).chainId) }
      case 'eth_accounts':
        return { result: (await view(origin)).accounts }
      case 'eth_requestAccounts': {
        const current = await view(origin)
        if (current.accounts.length > 0) return { result: current.accounts }
        await connectEthereum(origin)
        return { result: (await view(origin)).accounts }
      }
      case 'wallet_requestPermissions': {
        const parsed = parsePermissionsParams(params)
        if ('problems' in parsed) throw invalidParams(parsed.problems)
        const session = await liveSession(origin)
        const current = await viewOf(origin, session)
        const sessionChains = evmChains(Object.keys(session?.sessionScopes ?? {}))
        const chains = await offeredChains(current.chainId, sessionChains)
        const preselected = session ? sessionAddresses(session) : []
        const response = await requestSession(call, chains, preselected)
        if ('error' in response) return { error: response.error }
        return { result: await permissionsView(origin) }
      }
      case 'wallet_getPermissions':
        return { result: await permissionsView(origin) }
      case 'wallet_revokePermissions': {
        const parsed = parsePermissionsParams(params)
        if ('problems' in parsed) throw invalidParams(parsed.problems)
        const response = await viaMultichain(origin, connection, id, 'wallet_revokeSession', {})
        if ('error' in response) return { error: response.error }
        return { result: null }
      }
      case 'wallet_switchEthereumChain': {
        const parsed = parseSwitchChainParams(params)
        if ('problems' in parsed) throw invalidParams(parsed.problems)
        return { result: await switchChain(origin, parsed.chainId, parsed.hex) }
      }
      case 'wallet_addEthereumChain':
        return { result: await addChain(call) }
      case 'personal_ecRecover':
        return { result: await ecRecover(params) }
      case 'wallet_watchAsset': {
        const parsed = parseWatchAssetParams(params)
        if ('problems' in parsed) throw invalidParams(parsed.problems)
        const { chainId } = await view(origin)
        const requestKey = requestKeyOf(connection, id)
        return {
          result: await ports.tokens.watchAsset({
            origin,
            requestKey,
            chainId,
            token: parsed.token,
          }),
        }
      }
    }
    if (invokedMethods.has(method)) {
      const { chainId } = await view(origin)
      const request: Json = params === undefined ? { method } : { method, params: params as Json }
      return viaMultichain(origin, connection, id, 'wallet_invokeMethod', {
        scope: chainId,
        request,
      })
    }
    if (readMethods.has(method)) {
      const { chainId } = await view(origin)
      const nodeParams = params as Json[] | Record<string, Json> | undefined
      return callNode(() => ports.nodes.request(chainId, method, nodeParams))
    }
    throw unsupportedMethod(method)
  }

  /** `wallet_addEthereumChain` (DESIGN §7): one confirmation adds, permits and switches. */
  async function addChain(call: Call): Promise<Json> {
    const parsed = parseAddEthereumChainParams(call.params)
    if ('problems' in parsed) throw invalidParams(parsed.problems)
    const chainId = parsed.draft.chainId as ChainId
    const hex = hexChainId(chainId)
    if ((await walletChains()).includes(chainId)) return switchChain(call.origin, chainId, hex)
    await ports.networks.addNetwork({
      origin: call.origin,
      requestKey: requestKeyOf(call.connection, call.id),
      draft: parsed.draft,
    })
    const session = await liveSession(call.origin)
    if (session && evmChains(Object.keys(session.sessionScopes)).length > 0) {
      await permitChain(call.origin, session, chainId, false)
    }
    await choose(call.origin, chainId)
    return null
  }

  async function permissionsView(origin: string): Promise<Json> {
    const session = await liveSession(origin)
    if (!session) return []
    const { accounts } = await viewOf(origin, session)
    return legacyPermissions({
      origin,
      accounts,
      chains: evmChains(Object.keys(session.sessionScopes)),
      createdAt: session.createdAt,
    })
  }

  return {
    async handleRequest(origin, connection, request) {
      const parsed = parseRequest(request)
      if ('error' in parsed) return failure(parsed.id, parsed.error)
      const { id = null, method, params } = parsed.request
      try {
        const answered = await answer({ origin, connection, id, method, params })
        if ('jsonrpc' in answered) return answered
        if ('error' in answered) return { jsonrpc: '2.0', id, error: answered.error }
        if ('resultJson' in answered) return { jsonrpc: '2.0', id, resultJson: answered.resultJson }
        return success(id, answered.result)
      } catch (error) {
        return failure(id, toRpcError(error))
      }
    },

    resendRules(request) {
      const method = methodOf(request) ?? ''
      return {
        replayed: replayedMethods.has(method),
        approval: approvalMethods.has(method),
        confirmation: confirmationMethods.has(method),
      }
    },

    async sessionChanged(origin, before, after) {
      announce(origin, await viewOf(origin, before), await viewOf(origin, after))
    },

    async setActiveAccount(origin, address) {
      const before = await view(origin)
      await sites.set(origin, { ...(await sites.get(origin)), activeAccount: address })
      announce(origin, before, await view(origin))
    },

    view,
  }
}

/** `personal_ecRecover`: the signer of an EIP-191 message, lowercase, computed locally. */
async function ecRecover(params: unknown): Promise<Json> {
  const parsed = parseEcRecoverParams(params)
  if ('problems' in parsed) throw invalidParams(parsed.problems)
  let signer: Address
  try {
    signer = await recoverMessageAddress({
      message: { raw: parsed.message as Hex },
      signature: parsed.signature,
    })
  } catch (error) {
    throw invalidParams([
      { path: 'params[1]', message: `cannot recover a signer: ${String(error).slice(0, 100)}` },
    ])
  }
  return signer.toLowerCase()
}
