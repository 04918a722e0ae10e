import type { ChainId } from '../../caip/types.ts'
import type { NodeCall } from '../../eth/nodeCall.ts'
import type { SolanaKey } from '../../keyring/deriveSolanaKeys.ts'
import type { Confirmations } from '../../wallet/createConfirmations.ts'

/** A Solana transaction the wallet sent, for its activity list. */
export type SentSolanaTransaction = {
  signature: string
  origin: string
  chainId: ChainId
  from: string
  lamportsChange?: string
  at: number
  /** Who its decoded instructions sent to (`instructionRecipients`); absent on older entries. */
  recipients?: string[]
}

/**
 * What the Solana signing actions reach the world through; each action takes the ones it uses
 * (`Pick<SolanaSignerPorts, …>`).
 */
export type SolanaSignerPorts = {
  confirmations: Confirmations
  /** The chain's node endpoint. */
  node(chainId: ChainId): NodeCall
  /** The unlocked key of one of the wallet's Solana addresses; throws while locked. */
  key(address: string): Promise<SolanaKey>
  /**
   * Told of each transaction the node accepted (activity), again when it is sent again after a
   * restart (the same signature); must not throw.
   */
  sent(transaction: SentSolanaTransaction): void
  now(): number
}
