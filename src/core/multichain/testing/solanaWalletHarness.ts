import type { ChainId } from '../../caip/types.ts'
import { solanaScopeMethods } from '../../solana/solanaNamespace.ts'
import { createHarness, type Harness } from './engineHarness.ts'
import { defaultCapabilities } from './memoryPorts.ts'

/** The Local Solana devnet of DESIGN §3. */
export const localSolana = 'solana:123456789abcdef'

/** The test mnemonic's Solana addresses of accounts 0 and 1 (`m/44'/501'/i'/0'`). */
export const solanaAddresses: readonly string[] = [
  'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
  'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD',
]

/**
 * An engine over a wallet with the harness's EVM networks and Solana chains (default: the Local
 * Solana devnet), its two accounts holding the test mnemonic's Solana addresses.
 */
export function createSolanaWalletHarness(
  solanaChains: readonly ChainId[] = [localSolana],
): Harness {
  const capabilities = defaultCapabilities()
  for (const chainId of solanaChains) {
    capabilities.chains[chainId] = { methods: [...solanaScopeMethods], notifications: [] }
  }
  capabilities.addresses = { solana: [...solanaAddresses] }
  return createHarness({ capabilities })
}
