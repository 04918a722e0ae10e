/** A CAIP-2 chain id, e.g. `eip155:1`. */
export type ChainId = `${string}:${string}`
/** A CAIP-10 account id, e.g. `eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266`. */
export type AccountId = `${string}:${string}:${string}`

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
 * A session's granted scopes have the same shape (`SessionScopes`), with CAIP-10 accounts whose
 * addresses are EIP-55.
 */
export type NormalizedScope = { methods: string[]; notifications: string[]; accounts: AccountId[] }
export type NormalizedScopes = Record<string, NormalizedScope>
