import type { AccountId, ChainId } from '../multichain/ports.ts'

/**
 * A CAIP-217 scope object as a dapp sends it, after structural validation. `references` appears only
 * under a namespace key (`eip155`); unknown members (`rpcDocuments`, …) are dropped.
 */
export type ScopeObject = {
  references?: string[]
  methods: string[]
  notifications: string[]
  accounts?: AccountId[]
}

/** A CAIP-217 scopes map keyed by a CAIP-2 namespace (`eip155`) or chain id (`eip155:1`). */
export type ScopesObject = Record<string, ScopeObject>

/**
 * One scope after normalization: no `references`, duplicates merged, every list without repeats.
 * Its key is a CAIP-2 chain id, or a bare namespace when the dapp named one without references.
 */
export type NormalizedScope = { methods: string[]; notifications: string[]; accounts: AccountId[] }
export type NormalizedScopes = Record<string, NormalizedScope>

/** One chain the wallet can grant, with only the requested methods/notifications it supports. */
export type GrantedChain = {
  chainId: ChainId
  required: boolean
  methods: string[]
  notifications: string[]
}
