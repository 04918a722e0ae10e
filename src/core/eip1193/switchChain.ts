import type { ChainId } from '../caip/types.ts'
import type { StoredSession } from '../multichain/ports.ts'
import { invalidParams, unrecognizedChain, userRejected } from '../rpc/errors.ts'
import type { Json } from '../rpc/types.ts'
import { parseSwitchChainParams } from './parseSwitchChainParams.ts'
import {
  chooseChain,
  liveSession,
  type ProviderContext,
  type ProviderHandler,
  sessionAddresses,
  viewOf,
  walletChains,
} from './providerContext.ts'
import { evmChains } from './siteView.ts'

/**
 * Adds `chainId` to the origin's session with the session's accounts (the engine's
 * `updateSession`, so the origin hears `wallet_sessionChanged`) — after the user approves it in the
 * approval window when `ask` (a switch), at once after a confirmed added network.
 */
export async function permitChain(
  context: ProviderContext,
  origin: string,
  session: StoredSession,
  chainId: ChainId,
  ask: boolean,
): Promise<void> {
  const { approver, capabilities, multichain } = context.ports
  const accounts = sessionAddresses(session)
  if (ask) {
    const supported = (await capabilities.get()).chains[chainId]
    const approval = await approver.requestApproval({
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
    // The chain is granted only when the window showed it and the user approved it there.
    const shown =
      approval.approved && approval.shown.chains.some((chain) => chain.chainId === chainId)
    if (!shown || !approval.chains.includes(chainId)) throw userRejected()
  }
  const chains = [...(Object.keys(session.sessionScopes) as ChainId[]), chainId]
  await multichain.updateSession(origin, { chains, accounts })
}

/**
 * Moves the site to `chainId` (DESIGN §7): `null` when it is there already; `4902` for a chain the
 * wallet does not have; a chain the session lacks joins it after the approval window; then
 * `chainChanged` to that origin only.
 */
export async function moveToChain(
  context: ProviderContext,
  origin: string,
  chainId: ChainId,
  hex: string,
): Promise<Json> {
  const session = await liveSession(context, origin)
  const before = await viewOf(context, origin, session)
  if (before.chainId === chainId) return null
  if (!(await walletChains(context)).includes(chainId)) throw unrecognizedChain(hex)
  const sessionChains = evmChains(Object.keys(session?.sessionScopes ?? {}))
  if (session && sessionChains.length > 0 && !sessionChains.includes(chainId)) {
    await permitChain(context, origin, session, chainId, true)
  }
  await chooseChain(context, origin, chainId)
  return null
}

/** `wallet_switchEthereumChain [{ chainId }]` (EIP-3326); malformed → `-32602`. */
export const switchChain: ProviderHandler = async (context, { origin, params }) => {
  const parsed = parseSwitchChainParams(params)
  if ('problems' in parsed) throw invalidParams(parsed.problems)
  return { result: await moveToChain(context, origin, parsed.chainId, parsed.hex) }
}
