import { createEip155Namespace, eip155NamespaceKnowledge } from '../eth/eip155Namespace.ts'
import type { NetworkAdder } from '../eth/networkAdder.ts'
import type { Signer } from '../eth/signer.ts'
import type { Namespace, NamespaceKnowledge } from '../multichain/namespace.ts'
import {
  createSolanaNamespace,
  type SolanaSigner,
  solanaNamespaceKnowledge,
} from '../solana/solanaNamespace.ts'

/**
 * The namespaces this wallet speaks (DESIGN §1): the engine, the approval window, the Connections
 * screen and the confirmation queue learn everything namespace-specific from these.
 */
export const walletNamespaces: readonly NamespaceKnowledge[] = [
  eip155NamespaceKnowledge,
  solanaNamespaceKnowledge,
]

/**
 * `walletNamespaces` answering calls, with the worker's signers and network adder plugged in (what
 * the engine runs).
 */
export const createWalletNamespaces = (ports: {
  signer: Signer
  solanaSigner: SolanaSigner
  networks: NetworkAdder
}): Namespace[] => [
  createEip155Namespace({ signer: ports.signer, networks: ports.networks }),
  createSolanaNamespace({ signer: ports.solanaSigner }),
]

/** Every invoked method, of any namespace, that the user confirms in the confirmation window. */
export const walletConfirmedMethods: ReadonlySet<string> = new Set(
  walletNamespaces.flatMap((namespace) => namespace.confirmedMethods),
)

/** Every invoked method, of any namespace, whose page re-send gets the first run's answer. */
export const walletReplayedMethods: ReadonlySet<string> = new Set(
  walletNamespaces.flatMap((namespace) => namespace.replayedMethods),
)
