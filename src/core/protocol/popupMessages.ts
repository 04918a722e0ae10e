import type { Address, Hex } from 'viem'
import type { ChainId } from '../caip/types.ts'
import type { FeeChoice } from '../eth/fees/chooseFee.ts'
import type { ReplacementKind } from '../eth/signing/ports.ts'
import type { ExportedKeys } from '../keyring/exportPrivateKeys.ts'
import type { ApprovalRequest, ApprovalResult, StoredSession } from '../multichain/ports.ts'
import type { WalletErrorCode } from '../rpc/errors.ts'
import type { SolanaBalances, TrackedSolanaTransaction } from '../solana/readSolanaBalances.ts'
import type { ActivityEntry } from '../wallet/activity.ts'
import type { NetworkCheck } from '../wallet/addNetworkView.ts'
import type { StandingApproval } from '../wallet/approvals/findStandingApprovals.ts'
import type { TokenDelegate } from '../wallet/approvals/findTokenDelegates.ts'
import type { RevokeApprovalRequest } from '../wallet/approvals/revokeApproval.ts'
import type { ConfirmationView } from '../wallet/confirmationViews.ts'
import type { OwnRequestStatus } from '../wallet/createOwnRequests.ts'
import type { NamespaceAccounts } from '../wallet/namespaceAccounts.ts'
import type { Balances } from '../wallet/readBalances.ts'
import type { TokenBalance } from '../wallet/readTokenBalances.ts'
import type { SendQuote } from '../wallet/send/quoteSend.ts'
import type { SendAsset } from '../wallet/send/readSendAsset.ts'
import type { SendDraft } from '../wallet/send/sendDraft.ts'
import type { TrackedTransaction } from '../wallet/transactionStatus.ts'
import type { NetworkDraft } from '../wallet/validateNetwork.ts'

/**
 * The popup ↔ service worker protocol (`runtime.sendMessage`). The popup sends a `PopupRequest` and
 * gets a `PopupResponse` back; key material crosses it only to be shown once, on the user's
 * request: the new mnemonic during onboarding, and an exported key or the revealed phrase after the
 * password was typed again.
 */

/** `uninitialized`: no vault yet (onboarding); `locked`: vault present, keys not loaded. */
export type WalletStatus = 'uninitialized' | 'locked' | 'unlocked'

export type WalletState = {
  status: WalletStatus
  /** The wallet's accounts (EIP-55), in derivation order; empty unless unlocked. */
  accounts: Address[]
  /** The accounts' addresses in the other namespaces, in the same order (`{ solana: [base58…] }`). */
  addresses?: Record<string, string[]>
  /** The accounts' names, in the same order ("Account N" unless renamed); never sent to a page. */
  names?: string[]
  /** The accounts (among `accounts`) imported by private key: removable, labelled `Imported`. */
  imported?: Address[]
}

/** What the confirmation window starts from (`confirmations:open`). */
export type ConfirmationWindowStart = {
  wallet: WalletState
  /** The queue, oldest first; absent unless the wallet is unlocked (the window asks to unlock). */
  queue?: ConfirmationView[]
}

/** A network the wallet knows; `enabled` ones are offered to dapps. */
export type NetworkView = {
  chainId: ChainId
  name: string
  rpcUrl: string
  wsUrl: string
  /**
   * `endpoint`: a built-in network on the endpoint the user gives (the public Solana clusters);
   * off, with empty URLs, until they give one.
   */
  kind: 'infura' | 'local' | 'endpoint' | 'custom'
  /** False for built-in networks while the API key (or their endpoint) is missing: not grantable then. */
  enabled: boolean
  /** Its block explorer (`core/wallet/explorerLinks.ts`): a built-in default, or the page's. */
  explorerUrl?: string
}

export type SettingsView = {
  /** The Infura-style API key used by the built-in networks ('' when unset). */
  infuraApiKey: string
  autoLockMinutes: number
  /**
   * Fetch the phishing list from its source daily (DESIGN §11); off by default, when the check
   * uses the snapshot bundled with the build alone. The check itself is always local.
   */
  phishingListUpdates: boolean
  /**
   * Fetch the known-bad address list (ethereum-lists' darklist) from its source daily (DESIGN §11);
   * off by default, when the `known-bad` rule uses the slice bundled with the build alone.
   */
  knownBadListUpdates: boolean
  localDevnet: { rpcUrl: string; wsUrl: string }
  /** Where the Local Solana devnet's endpoint is (default `http://127.0.0.1:8899/v3/dev`). */
  localSolanaDevnet?: { rpcUrl: string; wsUrl: string }
  /**
   * The endpoints the user gave for the public Solana clusters (DESIGN §8), by chain id; set
   * through `networks:save` (checked live), never through `settings:set`.
   */
  solanaNetworks?: Partial<Record<ChainId, { rpcUrl: string; wsUrl: string }>>
}

/**
 * What the bundled phishing lists say of a site's host (`core/wallet/siteReputation.ts`): a
 * `phishing` host gets a warning page before its approval, a `known` one the `site-known` mark.
 */
export type SiteReputation =
  | { kind: 'phishing'; host: string; imitates?: string }
  | { kind: 'known'; host: string }
  | { kind: 'unknown' }

/** One pending approval as the approval window shows it. */
export type ApprovalView = {
  id: string
  request: ApprovalRequest
  /** The requesting site's reputation. */
  site: SiteReputation
  /** The user chose, on the warning page, to continue to this phishing-listed host anyway. */
  phishingContinued: boolean
  /** Names of the offered chains (from the wallet's networks). */
  chainNames: Record<ChainId, string>
  /** Each account's address in the namespaces of the offered chains (`namespaceAccounts`). */
  namespaceAccounts?: NamespaceAccounts[]
}

/**
 * A connected site: its stored session, its latest `wallet_invokeMethod` calls (oldest first) and
 * what its EIP-1193 provider sees (DESIGN §7): its accounts, active first (lowercase), and its chain.
 */
export type ConnectionView = {
  origin: string
  session: StoredSession
  activity: ActivityEntry[]
  ethereum?: { accounts: Address[]; chainId: ChainId }
  /** The chains an edit may keep: those granted, then those the site requested (each once). */
  offeredChains: ChainId[]
  /**
   * The wallet accounts the session grants in any namespace, by the wallet's own keys (the same
   * strings as `WalletState.accounts`, so the window compares them as they are).
   */
  accountKeys: Address[]
  /** Each account's address in the namespaces the session covers (`namespaceAccounts`). */
  namespaceAccounts?: NamespaceAccounts[]
}

/** Every request the popup can make, with its result type. */
export type PopupRequests = {
  'wallet:getState': { params: undefined; result: WalletState }
  /**
   * Starts "create a wallet": a new mnemonic (shown once), kept in the worker until `wallet:create`,
   * and the 0-based positions of the words the user must re-type to confirm it.
   */
  'wallet:newMnemonic': {
    params: undefined
    result: { mnemonic: string; confirmationIndexes: number[] }
  }
  /** Finishes "create": `confirmation` maps each asked position to the word the user typed. */
  'wallet:create': {
    params: { password: string; confirmation: Record<number, string> }
    result: WalletState
  }
  'wallet:import': { params: { mnemonic: string; password: string }; result: WalletState }
  'wallet:unlock': { params: { password: string }; result: WalletState }
  'wallet:lock': { params: undefined; result: WalletState }
  'wallet:addAccount': { params: undefined; result: WalletState }
  /**
   * Imports an account by private key (EVM hex, Solana base58 or JSON array); refused
   * `invalid_private_key` or `duplicate_account`.
   */
  'accounts:importKey': { params: { key: string }; result: WalletState }
  /** Removes an imported account; every session that held it loses it (`wallet_sessionChanged`). */
  'accounts:remove': { params: { account: Address }; result: WalletState }
  /**
   * An account's private keys, only with the password typed again (even while unlocked; counted
   * and delayed as every password attempt: `incorrect_password`, `password_throttled`). The popup
   * shows them on the account screen and keeps them nowhere else.
   */
  'accounts:exportKey': { params: { account: Address; password: string }; result: ExportedKeys }
  /** The secret recovery phrase, only with the password typed again (as `accounts:exportKey`). */
  'wallet:revealPhrase': { params: { password: string }; result: { mnemonic: string } }
  /**
   * The popup copied a secret (the phrase, a private key) to the clipboard: the worker clears the
   * clipboard 60 seconds later, popup open or not (issue 35). The secret is not sent; `clearAt` is
   * when the clear is due.
   */
  'clipboard:clearLater': { params: undefined; result: { clearAt: number } }
  /**
   * Re-encrypts the vault under `next` after checking `current` (`incorrect_password`,
   * `password_throttled`, `weak_password`).
   */
  'wallet:changePassword': { params: { current: string; next: string }; result: WalletState }
  /** Names one of the wallet's accounts (by its key, `accounts`); refused `invalid_fields` on `name`. */
  'accounts:rename': { params: { account: Address; name: string }; result: WalletState }
  'approval:get': { params: { id: string }; result: ApprovalView | null }
  'approval:resolve': { params: { id: string; result: ApprovalResult }; result: null }
  /** On the phishing warning page: continue to this approval's host on purpose (kept for the host). */
  'approval:continueToSite': { params: { id: string }; result: null }
  /** The accounts' native balances on one network, at its latest block (home screen). */
  'home:balances': { params: { chainId: ChainId }; result: Balances }
  /** The watched ERC-20 tokens of one network, with each account's balance (home screen). */
  'home:tokens': { params: { chainId: ChainId }; result: TokenBalance[] }
  /** The accounts' SOL balances on one Solana network (home screen, `home-solana-<address>`). */
  'home:solanaBalances': { params: { chainId: ChainId }; result: SolanaBalances }
  /** The wallet's own Solana transactions, newest first, with their statuses. */
  'solanaTransactions:list': { params: undefined; result: TrackedSolanaTransaction[] }
  /** The wallet's own transactions, newest first, their status brought up to date. */
  'transactions:list': { params: undefined; result: TrackedTransaction[] }
  /**
   * Speeds up or cancels one of the wallet's pending transactions: answered once the replacement is
   * on its way to the confirmation window (origin `Aperture`); `not_pending` when it is not pending.
   */
  'transactions:replace': { params: { hash: Hex; kind: ReplacementKind }; result: null }
  /** The confirmation queue (signing requests, across origins), oldest first. */
  'confirmations:list': { params: undefined; result: ConfirmationView[] }
  /**
   * The confirmation window's one question at its start: the wallet's state and, when it is
   * unlocked, the queue (`confirmations:list`'s), so the window renders its request after one round
   * trip.
   */
  'confirmations:open': { params: undefined; result: ConfirmationWindowStart }
  /**
   * The user's answer to one confirmation; approving needs an unlocked wallet, and names the kinds
   * of the `block` warnings the user stepped past (`warning-continue`), all of the record's. `fee`:
   * the fee picked on a transaction (`confirm-fee`), checked by the worker (a refused custom fee is
   * `invalid_fields` and the request still waits).
   */
  'confirmation:resolve': {
    params: { id: string; approved: boolean; acknowledged?: string[]; fee?: FeeChoice }
    result: null
  }
  /**
   * "Check network" on a pending `add_network` confirmation: the live check of the network it shows,
   * run now; `allowLocal` is the user's opt-in to contacting a local host (docs/security.md).
   */
  'confirmation:checkNetwork': { params: { id: string; allowLocal: boolean }; result: NetworkCheck }
  /**
   * The confirmation window, every request in it answered, asks to close itself: `true` when it
   * may (nothing waits; the next request opens a new window), `false` when a request came meanwhile.
   */
  'confirmations:close': { params: undefined; result: boolean }
  'settings:get': { params: undefined; result: SettingsView }
  'settings:set': { params: Partial<SettingsView>; result: SettingsView }
  'networks:list': { params: undefined; result: NetworkView[] }
  'connections:list': { params: undefined; result: ConnectionView[] }
  'connections:update': {
    params: { origin: string; chains: ChainId[]; accounts: Address[] }
    result: null
  }
  'connections:revoke': { params: { origin: string }; result: null }
  /** Makes one of the site's EVM accounts its active one (first in `eth_accounts`). */
  'connections:setActiveAccount': { params: { origin: string; address: Address }; result: null }
  /**
   * Adds a custom network, or replaces the one whose chain id is `replacing`. Validated (form, then a
   * live `eth_chainId` check); refusals carry `fields` keyed by `NetworkDraft` field. A public
   * Solana cluster's chain id sets that cluster's endpoint instead (the name is the wallet's; the
   * live check is `getGenesisHash`).
   */
  'networks:save': {
    params: { network: NetworkDraft; replacing?: ChainId }
    result: NetworkView[]
  }
  /**
   * Removes a custom network (or the endpoint given for a public Solana cluster, which is then off);
   * sessions lose their scope on it (with `wallet_sessionChanged`).
   */
  'networks:remove': { params: { chainId: ChainId }; result: NetworkView[] }
  /**
   * Send (DESIGN §9): what `from` can send on one network, with its balances — the native coin, the
   * watched ERC-20 tokens (EVM), the SPL and Token-2022 tokens it holds (Solana).
   */
  'send:assets': { params: { chainId: ChainId; from: string }; result: SendAsset[] }
  /** An ERC-20 typed in by address: its symbol and decimals read from the chain, and `from`'s balance. */
  'send:token': { params: { chainId: ChainId; from: string; token: string }; result: SendAsset }
  /** What the send costs besides its amount: gas and fee presets (EVM), fee and rent (Solana). */
  'send:quote': { params: { draft: SendDraft }; result: SendQuote }
  /**
   * Review: the draft checked again and shown in the confirmation window (origin `Aperture`);
   * answers the transaction hash (EVM) or signature (Solana) once the node took it. The same
   * `requestId` is the same send: a repeated click re-attaches to its confirmation.
   */
  'send:submit': { params: { requestId: string; draft: SendDraft }; result: { id: string } }
  /**
   * What the worker holds of the `send:submit` with these params (`OwnRequestStatus`), asked when
   * its answer was lost: a send it holds goes on; one it does not (`unknown`) will not happen.
   */
  'send:status': { params: { requestId: string; draft: SendDraft }; result: OwnRequestStatus }
  /**
   * The approval manager (DESIGN §11): the account's standing ERC-20 allowances, operators
   * (`setApprovalForAll`) and Permit2 allowances on one EVM network, found from its logs and
   * checked against the contracts now; on a Solana network, its token accounts' delegates.
   */
  'approvals:list': {
    params: { chainId: ChainId; owner: string }
    result: Array<StandingApproval | TokenDelegate>
  }
  /**
   * Revokes one standing approval through the confirmation window (origin `Aperture`); answers
   * the transaction hash (or Solana signature) once the node took it. One `requestId` is one revoke, as `send:submit`.
   */
  'approvals:revoke': { params: RevokeApprovalRequest; result: { id: string } }
}

export type PopupRequestType = keyof PopupRequests

export type PopupRequest = {
  [Type in PopupRequestType]: { type: Type; params: PopupRequests[Type]['params'] }
}[PopupRequestType]

/**
 * A failure the popup shows; `code` is set for the wallet's refusals, which the UI may react to
 * (`WalletError`, `core/rpc/errors.ts`: e.g. `incorrect_password`), `fields` for a refused form
 * (`code: 'invalid_fields'`): one message per field.
 */
export type PopupError = {
  message: string
  code?: WalletErrorCode
  fields?: Record<string, string>
}

export type PopupResponse<Type extends PopupRequestType> =
  | { ok: true; result: PopupRequests[Type]['result'] }
  | { ok: false; error: PopupError }
