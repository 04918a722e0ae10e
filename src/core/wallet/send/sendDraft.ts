import type { ChainId } from '../../caip/types.ts'
import type { FeeChoice } from '../../eth/fees/chooseFee.ts'
import type { SendNamespace } from './checkRecipient.ts'

/**
 * What the send screen hands the worker (DESIGN §9): the account, the network, the asset (`native`
 * or the token's contract address / mint), the recipient and the amount as typed, and — on EVM —
 * the fee picked (`send-fee`, default `normal`). The worker checks all of it again.
 */
export type SendDraft = {
  chainId: ChainId
  from: string
  asset: 'native' | string
  to: string
  /** In the asset's units, as typed (`1.5`). */
  amount: string
  fee?: FeeChoice
}

/** The namespace a send on `chainId` happens in, or undefined for one the wallet does not send in. */
export function sendNamespaceOf(chainId: string): SendNamespace | undefined {
  if (chainId.startsWith('eip155:')) return 'eip155'
  if (chainId.startsWith('solana:')) return 'solana'
  return undefined
}
