import type { EthereumProvider } from './createEthereumProvider.ts'

/**
 * `window.ethereum = provider` by plain assignment, only when the page has none (DESIGN §7): a
 * wallet that got there first keeps its place, and ours stays an ordinary writable, configurable
 * property, so another wallet or the dapp may still replace it.
 */
export function assignWindowEthereum(
  page: { ethereum?: unknown },
  provider: EthereumProvider,
): void {
  if (page.ethereum === undefined) page.ethereum = provider
}
