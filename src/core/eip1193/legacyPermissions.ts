import type { Address } from 'viem'
import type { ChainId } from '../caip/types.ts'
import type { Json } from '../rpc/types.ts'
import { hexChainId } from './siteView.ts'

/**
 * The legacy (EIP-2255) view of a site's session (DESIGN §7): `eth_accounts` restricted to its
 * accounts in `eth_accounts` order, and `endowment:permitted-chains` restricted to its EVM chains
 * (hex). `[]` when the session holds no EVM account. `id` is stable for one session (its origin and
 * creation time), `date` that creation time.
 *
 * @example
 * legacyPermissions({ origin: 'https://app.example', accounts: ['0xf39f…'], chains: ['eip155:1'], createdAt: 1 })
 * // [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: ['0xf39f…'] }], … }, …]
 */
export function legacyPermissions(parameters: {
  origin: string
  accounts: readonly Address[]
  chains: readonly ChainId[]
  createdAt: number
}): Json[] {
  const { origin, accounts, chains, createdAt } = parameters
  if (accounts.length === 0) return []
  const permission = (parentCapability: string, type: string, value: string[]): Json => ({
    invoker: origin,
    parentCapability,
    id: `${parentCapability}@${origin}#${createdAt}`,
    date: createdAt,
    caveats: [{ type, value }],
  })
  return [
    permission('eth_accounts', 'restrictReturnedAccounts', [...accounts]),
    permission('endowment:permitted-chains', 'restrictNetworkSwitching', chains.map(hexChainId)),
  ]
}
