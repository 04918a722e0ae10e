import type { Address } from 'viem'
import { getAddress } from 'viem'
import type { ChainId } from '../caip/types.ts'
import type { SessionScopes } from './ports.ts'

export type BuildSessionScopesParameters = {
  chains: ReadonlyArray<{ chainId: ChainId; methods: string[]; notifications: string[] }>
  /** Wallet addresses, any letter case. */
  accounts: readonly Address[]
}

/**
 * The `sessionScopes` of a session: one entry per chain, each account as
 * `eip155:<ref>:<EIP-55 address>` (DESIGN §4 step 7).
 *
 * @example
 * buildSessionScopes({ chains: [{ chainId: 'eip155:1', methods: ['eth_call'], notifications: [] }],
 *   accounts: ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'] })
 * // { 'eip155:1': { methods: ['eth_call'], notifications: [],
 * //   accounts: ['eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'] } }
 */
export function buildSessionScopes(parameters: BuildSessionScopesParameters): SessionScopes {
  const addresses = [...new Set(parameters.accounts.map((address) => getAddress(address)))]
  const sessionScopes: SessionScopes = {}
  for (const { chainId, methods, notifications } of parameters.chains) {
    sessionScopes[chainId] = {
      methods: [...methods],
      notifications: [...notifications],
      accounts: addresses.map((address) => `${chainId}:${address}` as const),
    }
  }
  return sessionScopes
}
