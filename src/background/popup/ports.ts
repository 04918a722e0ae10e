import type { Hex } from 'viem'
import type { ChainId } from '../../core/caip/types.ts'
import type { EthereumProviderEngine } from '../../core/eip1193/createEthereumProviderEngine.ts'
import type { NodeCall } from '../../core/eth/nodeCall.ts'
import type { Signer } from '../../core/eth/signer.ts'
import type { ReplacementKind } from '../../core/eth/signing/ports.ts'
import type { MultichainEngine, SessionStore, SignerAnswer } from '../../core/multichain/ports.ts'
import type {
  PopupRequests,
  PopupRequestType,
  SiteReputation,
} from '../../core/protocol/popupMessages.ts'
import type { SolanaSigner } from '../../core/solana/solanaNamespace.ts'
import type { Confirmations } from '../../core/wallet/createConfirmations.ts'
import type { ProposedNetworks } from '../../core/wallet/createNetworkAdder.ts'
import type { OwnRequests } from '../../core/wallet/createOwnRequests.ts'
import type { ActivityLog } from '../activityLog.ts'
import type { ApprovalScans } from '../approvalScans.ts'
import type { AutoLock } from '../autoLock.ts'
import type { ListUpdates } from '../listUpdates.ts'
import type { NetworkRegistry } from '../networks.ts'
import type { PhishingContinued } from '../phishingContinued.ts'
import type { PhishingList } from '../phishingList.ts'
import type { SecretClipboard } from '../secretClipboard.ts'
import type { SolanaTransactionLog, TransactionLog } from '../signingStores.ts'
import type { Wallet } from '../wallet.ts'
import type { WatchedTokenStore } from '../watchedTokens.ts'
import type { WindowApprover } from '../windowApprover.ts'

/**
 * What the popup's request handlers work with (built in `background/index.ts`); each handler takes
 * only the ports it names (`Pick<PopupPorts, …>`).
 */
export type PopupPorts = {
  wallet: Wallet
  approvals: WindowApprover
  networks: NetworkRegistry
  sessions: SessionStore
  engine: MultichainEngine
  /** The EIP-1193 provider's engine: each site's view, and its active account. */
  ethereum: Pick<EthereumProviderEngine, 'view' | 'setActiveAccount'>
  /** The ERC-20 tokens the user watches (`wallet_watchAsset`). */
  watchedTokens: Pick<WatchedTokenStore, 'read'>
  /** The approval manager's last scan of each account on each chain. */
  approvalScans: ApprovalScans
  activity: ActivityLog
  confirmations: Confirmations
  /** The networks pages propose: their live check, when the user asks for it in the window. */
  proposedNetworks: Pick<ProposedNetworks, 'check'>
  transactions: TransactionLog
  /** Starts a speed-up or a cancel of a pending transaction (`replaceTransaction`). */
  replaceTransaction(parameters: {
    hash: Hex
    kind: ReplacementKind
  }): Promise<{ answer: Promise<SignerAnswer> }>
  solanaTransactions: SolanaTransactionLog
  /** The chain's node endpoint, for the wallet's own calls. */
  nodeCall(chainId: ChainId): NodeCall
  /**
   * What the phishing lists say of an origin (`core/wallet/siteReputation.ts`): the bundled
   * snapshot, or the update fetched while the user's setting is on (`phishingList.ts`).
   */
  siteReputation(origin: string): Promise<SiteReputation>
  /** Runs the phishing list's updates now (the setting changed) and schedules the next. */
  phishingList: Pick<PhishingList, 'update'>
  /** Clears the clipboard a while after the popup copied a secret to it. */
  secretClipboard: Pick<SecretClipboard, 'clearLater'>
  /** Runs the known-bad address list's updates now (the setting changed) and schedules the next. */
  knownBadList: Pick<ListUpdates<unknown>, 'update'>
  /** The phishing-listed hosts the user chose to continue to. */
  phishingContinued: PhishingContinued
  /** Restarts the auto-lock countdown when its time changes. */
  autoLock: Pick<AutoLock, 'restart'>
  /** The signers a dapp's requests reach, for the wallet's own sends (the same confirmation). */
  signer: Pick<Signer, 'sign'>
  solanaSigner: SolanaSigner
  /**
   * Keeps the wallet's own requests while they run, for a worker started after a stop, and says
   * what it holds of one.
   */
  ownRequests: Pick<OwnRequests, 'carry' | 'status'>
}

/**
 * The answer to one popup request: its params in, its result out, both as `PopupRequests` declares
 * them (`core/protocol/popupMessages.ts`). A refusal is thrown, a `WalletError` when the popup may
 * react to it.
 */
export type PopupHandler<Type extends PopupRequestType> = (
  params: PopupRequests[Type]['params'],
) => Promise<PopupRequests[Type]['result']>

/** One handler per popup request. */
export type PopupHandlers = { [Type in PopupRequestType]: PopupHandler<Type> }
