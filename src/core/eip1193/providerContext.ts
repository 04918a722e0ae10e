import { type Address, getAddress } from 'viem'
import { parseAccountId } from '../caip/parseAccountId.ts'
import type { ChainId } from '../caip/types.ts'
import type { HandlerAnswer } from '../multichain/namespace.ts'
import type { EngineResponse, StoredSession } from '../multichain/ports.ts'
import { isExpired } from '../multichain/sessionLifecycle.ts'
import { requestIdentityOf } from '../protocol/requestIdentity.ts'
import type { Json, RpcId } from '../rpc/types.ts'
import type { ProviderEnginePorts } from './ports.ts'
import { evmChains, type SiteView, siteView, viewChanges } from './siteView.ts'

/** What the provider's handlers share: the ports, and the windows open per origin. */
export type ProviderContext = {
  ports: ProviderEnginePorts
  /** Per origin, the `eth_requestAccounts` whose window is open: concurrent callers share it. */
  connecting: Map<string, Promise<unknown>>
}

/** One EIP-1193 request as a handler sees it; the origin comes from the browser. */
export type ProviderCall = {
  origin: string
  connection: string
  id: RpcId
  method: string
  params: unknown
  /** For a node read passed through as it is: its result's pieces, sent ahead (`AnswerOptions`). */
  onResultPiece?: (text: string) => void
  /** Where work that must not delay the answer goes (`PageRequestOptions`). */
  afterAnswer?: (task: () => void) => void
}

/** A handler's answer: its own (`HandlerAnswer`), or the Multichain API engine's response. */
export type ProviderAnswer = HandlerAnswer | EngineResponse

export type ProviderHandler = (
  context: ProviderContext,
  call: ProviderCall,
) => Promise<ProviderAnswer>

/** The wallet's usable EVM networks, in its order. */
export const walletChains = async (context: ProviderContext): Promise<ChainId[]> =>
  evmChains(Object.keys((await context.ports.capabilities.get()).chains))

/** The origin's session, unless its `expiry` has passed (the engine ends it on its next request). */
export async function liveSession(
  context: ProviderContext,
  origin: string,
): Promise<StoredSession | undefined> {
  const { sessions, clock } = context.ports
  const session = await sessions.get(origin)
  return session && !isExpired(session, clock.now()) ? session : undefined
}

/** What the site's provider sees with `session` (`{}` without one) and its site state. */
export async function viewOf(
  context: ProviderContext,
  origin: string,
  session: StoredSession | undefined,
): Promise<SiteView> {
  const { sites, defaultChain } = context.ports
  return siteView({
    scopes: session?.sessionScopes ?? {},
    site: await sites.get(origin),
    walletChains: await walletChains(context),
    fallback: await defaultChain(),
  })
}

/** What the site's provider sees now. */
export const currentView = async (context: ProviderContext, origin: string): Promise<SiteView> =>
  viewOf(context, origin, await liveSession(context, origin))

/** Tells the origin's providers what moved between two views (`chainChanged`, `accountsChanged`). */
export function announce(
  context: ProviderContext,
  origin: string,
  before: SiteView,
  after: SiteView,
): void {
  for (const event of viewChanges(before, after)) context.ports.notifier.toOrigin(origin, event)
}

/** Makes `chainId` the site's chain and tells its providers when that moved it. */
export async function chooseChain(
  context: ProviderContext,
  origin: string,
  chainId: ChainId,
): Promise<void> {
  const { sites } = context.ports
  const before = await currentView(context, origin)
  await sites.set(origin, { ...(await sites.get(origin)), chainId })
  announce(context, origin, before, await currentView(context, origin))
}

/**
 * The Multichain API request `method` of this page request, under the same connection and id; what
 * it records (a confirmation) carries the page request's own identity (`askedAs`).
 */
export const viaMultichain = (
  context: ProviderContext,
  call: ProviderCall,
  method: string,
  params: Json,
): Promise<EngineResponse> =>
  context.ports.multichain.handleRequest(
    call.origin,
    call.connection,
    { jsonrpc: '2.0', id: call.id, method, params },
    {
      askedAs: requestIdentityOf(call.connection, call.id, call.method, call.params),
      afterAnswer: call.afterAnswer,
    },
  )

/** The EIP-55 addresses of every EVM account of a session, each once, in the session's order. */
export function sessionAddresses(session: StoredSession): Address[] {
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
