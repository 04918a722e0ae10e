import { union } from '../caip/normalizeScopes.ts'
import type { ChainId, NormalizedScopes } from '../caip/types.ts'
import {
  type RpcError,
  unsupportedChains,
  unsupportedMethods,
  unsupportedNotifications,
} from '../rpc/errors.ts'
import type { ApprovalChain, WalletCapabilities } from './ports.ts'

export type ComputeGrantParameters = {
  requiredScopes: NormalizedScopes
  optionalScopes: NormalizedScopes
  capabilities: WalletCapabilities
}

/** What the dapp asked for on one chain, supported or not: the ceiling of later popup edits. */
export type RequestedScope = { methods: string[]; notifications: string[] }

export type ComputeGrantResult =
  | { chains: ApprovalChain[]; requestedScopes: Record<ChainId, RequestedScope> }
  | { error: RpcError }

/**
 * What a scope asks for on a chain the wallet supports: the scope's methods (notifications) as it
 * names them, or — when it names none, as the reference wallet's dapps write `methods: []` — the
 * chain's standard set, all the wallet supports there (DESIGN §4, "Scopes from the reference
 * wallet's dapps").
 */
const askedFor = (named: string[], supported: string[]): string[] =>
  named.length === 0 ? [...supported] : named

/**
 * Decides what may be offered for approval (DESIGN §4 steps 4–5). Every required chain, method and
 * notification must be supported (`5100`, `5101`, `5102`); unsupported optional ones are dropped; a
 * chain holds only requested items the wallet supports; nothing left is `5100`. A scope with
 * `methods: []` (`notifications: []`) asks for all the chain supports (`askedFor`). Required chains
 * come first, in request order; a chain both required and optional is required, with the union
 * granted.
 */
export function computeGrant(parameters: ComputeGrantParameters): ComputeGrantResult {
  const { requiredScopes, optionalScopes, capabilities } = parameters
  const supportedChain = (key: string) =>
    Object.hasOwn(capabilities.chains, key) ? capabilities.chains[key as ChainId] : undefined
  const chains = new Map<ChainId, ApprovalChain>()
  const requestedScopes: Record<ChainId, RequestedScope> = {}
  const request = (chainId: ChainId, scope: RequestedScope): void => {
    const earlier = requestedScopes[chainId]
    requestedScopes[chainId] = {
      methods: union(earlier?.methods ?? [], scope.methods),
      notifications: union(earlier?.notifications ?? [], scope.notifications),
    }
  }

  for (const [key, named] of Object.entries(requiredScopes)) {
    const supported = supportedChain(key)
    if (!supported) return { error: unsupportedChains() }
    const scope = {
      methods: askedFor(named.methods, supported.methods),
      notifications: askedFor(named.notifications, supported.notifications),
    }
    if (!scope.methods.every((method) => supported.methods.includes(method))) {
      return { error: unsupportedMethods() }
    }
    if (!scope.notifications.every((name) => supported.notifications.includes(name))) {
      return { error: unsupportedNotifications() }
    }
    const chainId = key as ChainId
    chains.set(chainId, {
      chainId,
      required: true,
      methods: [...scope.methods],
      notifications: [...scope.notifications],
    })
    request(chainId, scope)
  }

  for (const [key, named] of Object.entries(optionalScopes)) {
    const supported = supportedChain(key)
    if (!supported) continue
    const chainId = key as ChainId
    const scope = {
      methods: askedFor(named.methods, supported.methods),
      notifications: askedFor(named.notifications, supported.notifications),
    }
    const methods = scope.methods.filter((method) => supported.methods.includes(method))
    const notifications = scope.notifications.filter((name) =>
      supported.notifications.includes(name),
    )
    const earlier = chains.get(chainId)
    chains.set(chainId, {
      chainId,
      required: earlier?.required ?? false,
      methods: union(earlier?.methods ?? [], methods),
      notifications: union(earlier?.notifications ?? [], notifications),
    })
    request(chainId, scope)
  }

  if (chains.size === 0) return { error: unsupportedChains() }
  return { chains: [...chains.values()], requestedScopes }
}
