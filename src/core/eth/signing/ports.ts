import type { Address, Hex, LocalAccount } from 'viem'
import type { ChainId } from '../../caip/types.ts'
import type { RpcErrorObject } from '../../rpc/types.ts'
import type { Confirmations } from '../../wallet/createConfirmations.ts'
import type { Quantity } from '../hex.ts'
import type { NodeCall } from '../nodeCall.ts'

/** A `wallet_sendCalls` batch as the wallet keeps it for `wallet_getCallsStatus`. */
export type CallsBatch = {
  id: string
  origin: string
  chainId: ChainId
  from: Address
  callCount: number
  /** Hashes of the transactions broadcast so far, in call order. */
  hashes: Hex[]
  /** The node's error that stopped the batch before every call was sent. */
  sendError?: RpcErrorObject
}

export type CallsBatchStore = {
  read(id: string): Promise<CallsBatch | undefined>
  write(batch: CallsBatch): Promise<void>
}

/** How a transaction replaces a pending one of the same nonce (DESIGN §9 "Activity"). */
export type ReplacementKind = 'speedUp' | 'cancel'

/** A transaction the wallet broadcast, for the activity list. */
export type SentTransaction = {
  hash: Hex
  origin: string
  chainId: ChainId
  from: Address
  to: Address | null
  value: string
  maxFeeWei: string
  at: number
  /** Its nonce (tells a dropped or replaced transaction); absent on entries logged before it was kept. */
  nonce?: Quantity
  /** The pending transaction this one was sent to replace (a speed-up or a cancel). */
  replaces?: { hash: Hex; kind: ReplacementKind }
  /** The recipient of the ERC-20 `transfer` it calls (its `to` is the token): who was sent to. */
  tokenRecipient?: Address
  /**
   * When a starting worker sent its signed bytes again (`resumeBroadcasts`: the worker stopped
   * between signing and broadcast), ms since the epoch: one line of its activity, not another entry.
   */
  resentAt?: number
}

/**
 * What the EVM signing actions reach the world through; each action takes the ones it uses
 * (`Pick<SignerPorts, …>`), the way viem's actions take a client.
 */
export type SignerPorts = {
  confirmations: Confirmations
  /** The chain's node endpoint (the one its reads go to). */
  node(chainId: ChainId): NodeCall
  /** The unlocked account of `address`; throws while the wallet is locked. */
  account(address: Address): Promise<LocalAccount>
  batches: CallsBatchStore
  /** Told of each transaction broadcast (for the activity list); must not throw. */
  sent(transaction: SentTransaction): void
  /** The transactions the wallet sent (the activity list): speed-ups and cancels are found there. */
  log: { read(): Promise<SentTransaction[]> }
  newBatchId(): string
  now(): number
}
