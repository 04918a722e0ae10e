/**
 * Every `chrome.storage` key of the extension (DESIGN §6), written by the service worker; the popup
 * watches some of them (`storage.onChanged`). `local` outlives the browser;
 * `session` lives until the browser closes (only extension pages and the worker can read it) and
 * holds what must survive a worker restart but never reach the disk.
 */
/**
 * `storage.local` items that earlier builds wrote and this one no longer reads: an update of the
 * extension removes them (`chrome.runtime.onInstalled`), so the profile does not
 * keep data nothing will ever read or replace. A key leaves this list only with the builds that
 * could have written it.
 */
export const retiredLocalKeys: readonly string[] = [
  // Every account's approval scan in one record (e806b3b); one item per account and chain since
  // ed4e3dd (`localKeys.approvalScanPrefix`).
  'approvalScans',
]

export const localKeys = {
  /** The encrypted vault (browser-passworder JSON). */
  vault: 'vault',
  /** The accounts' addresses (public), in derivation order. */
  accounts: 'accounts',
  /** `Record<namespace, string[]>`: the accounts' addresses in the other namespaces (public), same order. */
  namespaceAccounts: 'namespaceAccounts',
  /** `Address[]`: the accounts (among `accounts`) the user imported by private key (public). */
  importedAccounts: 'importedAccounts',
  /** `Record<lowercase account key, string>`: the names the user gave accounts (DESIGN §9). */
  accountNames: 'accountNames',
  /** `PasswordAttempts`: the wrong passwords typed in a row, and when the latest was. */
  passwordAttempts: 'passwordAttempts',
  /** `StoredSettings`. */
  settings: 'settings',
  /** Prefix of each origin's `StoredSession`: `session:https://app.example`. */
  sessionPrefix: 'session:',
  /** `CustomNetwork[]`: the networks the user added in Settings. */
  customNetworks: 'customNetworks',
  /** Prefix of each connected origin's `ActivityEntry[]` (its latest `wallet_invokeMethod` calls). */
  activityPrefix: 'activity:',
  /** `Record<batchId, CallsBatch>`: the latest `wallet_sendCalls` batches, for their status. */
  callsBatches: 'callsBatches',
  /** `SentTransaction[]`: the wallet's own latest transactions, oldest first (activity). */
  transactions: 'transactions',
  /** `WatchedToken[]`: the ERC-20 tokens the user watches (`wallet_watchAsset`), per chain. */
  watchedTokens: 'watchedTokens',
  /** Prefix of each origin's EIP-1193 `SiteState` (its chosen chain and active account). */
  sitePrefix: 'site:',
  /** `SentSolanaTransaction[]`: the wallet's own latest Solana transactions, oldest first. */
  solanaTransactions: 'solanaTransactions',
  /** `string[]`: hosts on the phishing lists the user chose to continue to (DESIGN §11). */
  phishingContinued: 'phishingContinued',
  /** `StoredList` (`core/wallet/listUpdates.ts`): the phishing list fetched while updates are on. */
  phishingList: 'phishingList',
  /** `StoredList`: the known-bad address list fetched from its source while updates are on. */
  knownBadList: 'knownBadList',
  /**
   * Prefix of each account's `ApprovalScan` on each chain (`approvalScan:<chainId>:<lowercase
   * address>`): where the approval manager's last scan of its logs ended, and the approvals they named.
   */
  approvalScanPrefix: 'approvalScan:',
} as const

export const sessionKeys = {
  /** The vault key exported at unlock (present ⇔ unlocked). */
  vaultKey: 'vaultKey',
  /** The mnemonic of a "create wallet" onboarding in progress. */
  onboardingMnemonic: 'onboardingMnemonic',
  /** Prefix of each origin's `ApprovalRecord` (its `wallet_createSession` approval). */
  approvalPrefix: 'approval:',
  /** `Record<walletSubscriptionId, StoredSubscription>`. */
  subscriptions: 'subscriptions',
  /** Milliseconds since the epoch of the last user activity in the wallet's UI. */
  lastActivity: 'lastActivity',
  /** Prefix of each `RecentAnswer`, by request key: what a re-sent page request gets again (`createRecentAnswers`). */
  recentAnswerPrefix: 'recentAnswer:',
  /** Prefix of each `ConfirmationRecord` (a signing request waiting for, or answered by, the user). */
  confirmationPrefix: 'confirmation:',
  /** The id of the one confirmation window. */
  confirmationWindow: 'confirmationWindow',
  /**
   * Prefix of each of the wallet's own requests under way (`OwnRequest`, by its request key): what
   * a new worker runs again while its confirmation is there (`createOwnRequests`).
   */
  ownRequestPrefix: 'ownRequest:',
} as const
