import type { Address, Hex } from 'viem'
import type { TransactionFees } from '../eth/fees/offerFees.ts'
import type { FilledTransaction } from '../eth/fillTransaction.ts'
import type { TokenInfo } from '../eth/readTokenInfo.ts'
import type { SentTransaction } from '../eth/signing/ports.ts'
import type { SimulationOutcome } from '../eth/simulateCalls.ts'
import type { TypedDataDocument } from '../eth/typedDataDocument.ts'
import type { InstructionView } from '../solana/decodeInstruction.ts'
import type { SendOptions } from '../solana/parseSigningParams.ts'
import type { SolanaPreview } from '../solana/previewTransaction.ts'
import type { PriorityFee } from '../solana/priorityFee.ts'
import type { AddNetworkView } from './addNetworkView.ts'
import type { WatchedToken } from './createTokenWatcher.ts'
import type { MessageView } from './describeMessage.ts'
import type { PermitView } from './describePermit.ts'
import type { TransactionPreview } from './describeTransaction.ts'
import type { Warning } from './warnings/warning.ts'

/**
 * What the confirmation window shows, per confirmation `kind` (`ConfirmationRecord.view`). The
 * worker builds them; the window only renders. Other kinds (an added network) add their own.
 */
export type ConfirmationViews = {
  /** `raw`: the message's bytes, signed as they are; `message` shows them. */
  personal_sign: { address: Address; message: MessageView; raw: Hex }
  /**
   * `typedData`: only its declared fields (`declaredOnly`), signed as shown; `permit`: the permit it
   * is, spelled out (`describePermit`), when it is one.
   */
  eth_signTypedData_v4: { address: Address; typedData: TypedDataDocument; permit?: PermitView }
  /**
   * One transaction, filled with its default fee, with its decoded preview and simulation, and the
   * fee choice offered (`confirm-fee`): what is signed is `transaction` with the fee the user picked.
   */
  transaction: {
    transaction: FilledTransaction
    fees: TransactionFees
    preview: TransactionPreview
    simulation: SimulationOutcome
    tokens: TokenInfo[]
    /** The addresses the page wrote with a bad EIP-55 checksum (`checksum` warning); absent on older records. */
    badChecksums?: string[]
    /**
     * The pending transaction this one replaces (the wallet's speed-up or cancel): kept with what
     * was shown, so its activity entry links it however it is broadcast (`resendSigned` on wake).
     */
    replaces?: SentTransaction['replaces']
  }
  /**
   * `wallet_addEthereumChain`: the network to add (the settings form's rules; its live check is the
   * user's to ask for, kept in the record's `progress`, `NetworkCheck`).
   */
  add_network: AddNetworkView
  /** `wallet_watchAsset`: the ERC-20 token to watch, as the token reports itself. */
  watch_asset: WatchedToken
  /** A `wallet_sendCalls` batch, sent as these transactions in order. */
  calls: {
    from: Address
    transactions: FilledTransaction[]
    previews: TransactionPreview[]
    simulation: SimulationOutcome
    tokens: TokenInfo[]
    /** As on `transaction`, over every call of the batch. */
    badChecksums?: string[]
  }
}

export type SigningKind = keyof ConfirmationViews

/** What the confirmation window shows for each Solana confirmation kind. */
export type SolanaConfirmationViews = {
  /** `raw`: the message's bytes (hex), signed as they are; `message` shows them. */
  solana_signMessage: { address: string; message: MessageView; raw: Hex }
  solana_signIn: {
    address: string
    /** The SIWS message as signed. */
    text: string
    domain: string
    /** The page's own domain: a sign-in for another domain is a warning. */
    originDomain: string
  }
  solana_transaction: {
    address: string
    /** `signAndSendTransaction` (sent once signed) or `signTransaction` (only signed). */
    send: boolean
    feePayer: string
    instructions: InstructionView[]
    /** What its Compute Budget instructions add to the fee; absent when they set no price. */
    priorityFee?: PriorityFee
    preview: SolanaPreview
    /** The wire transaction as the dapp sent it (base64), signed as is on approval. */
    transaction: string
    options: SendOptions
  }
}

/** A confirmation as the window receives it, with the chain's name for display. */
export type ConfirmationView = {
  id: string
  origin: string
  chainId: string
  chainName: string
  kind: string
  view: unknown
  /** The worker's verdicts on it, most severe first, rendered as they are (DESIGN §11). */
  warnings: Warning[]
  /** What the worker did on the user's asking before the answer (an added network's check). */
  progress?: unknown
  /** When it entered the queue (ms since the epoch). */
  createdAt: number
}
