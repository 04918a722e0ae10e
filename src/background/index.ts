import './polyfills.ts'
// First after the polyfills: it asks what the first request reads while the rest is evaluated.
import './firstReads.ts'
import bundledPhishingListUrl from 'eth-phishing-detect/src/config.json?url'
import type { ChainId } from '../core/caip/types.ts'
import {
  createEthereumProviderEngine,
  type EthereumProviderEngine,
} from '../core/eip1193/createEthereumProviderEngine.ts'
import { withSessionChanges } from '../core/eip1193/withSessionChanges.ts'
import { createHttpNodeClient } from '../core/eth/createHttpNodeClient.ts'
import type { SignerPorts } from '../core/eth/signing/ports.ts'
import { replaceTransaction } from '../core/eth/signing/replaceTransaction.ts'
import { createMultichainEngine } from '../core/multichain/createMultichainEngine.ts'
import { createWalletStandardApi } from '../core/multichain/createWalletStandardApi.ts'
import type { MultichainEngine } from '../core/multichain/ports.ts'
import { connectionPortName } from '../core/protocol/connection.ts'
import { isExtensionPageSender } from '../core/protocol/pageOrigin.ts'
import type { PopupRequest } from '../core/protocol/popupMessages.ts'
import { localKeys, retiredLocalKeys } from '../core/protocol/storageKeys.ts'
import { checkEndpointLive } from '../core/wallet/checkEndpointLive.ts'
import { createConfirmations } from '../core/wallet/createConfirmations.ts'
import { createNetworkAdder } from '../core/wallet/createNetworkAdder.ts'
import { createOwnRequests } from '../core/wallet/createOwnRequests.ts'
import { createRecentAnswers, recentAnswerBytes } from '../core/wallet/createRecentAnswers.ts'
import { createSigner } from '../core/wallet/createSigner.ts'
import { createSolanaSigner } from '../core/wallet/createSolanaSigner.ts'
import { createTokenWatcher } from '../core/wallet/createTokenWatcher.ts'
import { createWalletNamespaces } from '../core/wallet/namespaces.ts'
import { defaultNetwork } from '../core/wallet/networks.ts'
import { recordSentTransaction } from '../core/wallet/recordSentTransaction.ts'
import { runOwnRequest } from '../core/wallet/runOwnRequest.ts'
import { knownBadListFeed } from '../core/wallet/warnings/knownBadListFeed.ts'
import { readConfirmationWarnings } from '../core/wallet/warnings/readConfirmationWarnings.ts'
import { clearClipboardIn } from '../offscreen/clearClipboardIn.ts'
import { createActivityLog, withActivityCleanup, withActivityLog } from './activityLog.ts'
import { createApprovalScans } from './approvalScans.ts'
import { createAutoLock } from './autoLock.ts'
import { createChainSocket } from './chainSocket.ts'
import { createConfirmationWindows } from './confirmationWindows.ts'
import { createConnectionRegistry } from './connections.ts'
import { createExternalPortServer } from './externalPorts.ts'
import { local, recordKey, session, storedNetworks } from './firstReads.ts'
import { createListUpdates } from './listUpdates.ts'
import { createNetworkRegistry } from './networks.ts'
import { createNodeRouter } from './nodeRouter.ts'
import { packagedJson } from './packagedJson.ts'
import { createPagePortServer, type PageAnswer } from './pagePorts.ts'
import { createPhishingContinued } from './phishingContinued.ts'
import { createPhishingList } from './phishingList.ts'
import { type SendPopupPorts, sendPortsOf } from './popup/send/sendPorts.ts'
import { createPopupHandlers } from './popupMessages.ts'
import { createRecipientBookReader } from './recipientBook.ts'
import { createRecordSeal } from './recordSeal.ts'
import { createSecretClipboard, offscreenClipboardClear } from './secretClipboard.ts'
import { createSessionStore } from './sessionStore.ts'
import {
  createCallsBatchStore,
  createConfirmationStore,
  createOwnRequestStore,
  createRecentAnswersStore,
  createSolanaTransactionLog,
  createTransactionLog,
} from './signingStores.ts'
import { createSiteStore } from './siteStore.ts'
import { alarmNames, createScheduler, nextExpiry } from './timers.ts'
import { wake } from './wake.ts'
import { createWallet } from './wallet.ts'
import { createWatchedTokenStore } from './watchedTokens.ts'
import { createWindowApprover } from './windowApprover.ts'

// The one file that touches chrome.*: it hands storage, ports, windows and alarms to the modules.

/** `0x` and `bytes` random bytes as hex: a batch id no dapp can guess or collide with. */
const randomHex = (bytes: number): string =>
  `0x${Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`

/**
 * How long the answer of a request that must not run twice is kept for its re-send, and how long
 * an answered approval or confirmation nobody claims waits for its request (DESIGN §6).
 */
const answerKeepMs = 60_000

// Sessions are sealed with a key kept in the extension's IndexedDB: trusted only if this worker
// wrote them (docs/security.md "Storage").
const recordSeal = createRecordSeal(recordKey, crypto.subtle)
const now = (): number => Date.now()

const networks = createNetworkRegistry(local, storedNetworks)
const connections = createConnectionRegistry()
const approvals = createWindowApprover({
  storage: session,
  windows: {
    create: (options) => chrome.windows.create(options),
    getAll: () => chrome.windows.getAll(),
  },
  extensionUrl: (path) => chrome.runtime.getURL(path),
  now,
  claimMs: answerKeepMs,
})
const answers = createRecentAnswers<PageAnswer>({
  store: createRecentAnswersStore(session),
  now,
  keepMs: answerKeepMs,
  limit: 100,
  ...recentAnswerBytes,
})
const wallet = createWallet({ local, session })
const confirmations = createConfirmations({
  store: createConfirmationStore(session),
  windows: createConfirmationWindows(
    {
      create: (options) => chrome.windows.create(options),
      update: (windowId, options) => chrome.windows.update(windowId, options),
      getAll: () => chrome.windows.getAll(),
    },
    (path) => chrome.runtime.getURL(path),
  ),
  warnings: (subject) =>
    readConfirmationWarnings(subject, {
      book: readRecipientBook,
      knownBadList: async () => (await knownBadList.inForce()).list,
    }),
  newId: () => crypto.randomUUID(),
  now,
  claimMs: answerKeepMs,
})
const transactions = createTransactionLog(local)
const solanaTransactions = createSolanaTransactionLog(local)
const readRecipientBook = createRecipientBookReader({ local, transactions, solanaTransactions })
const scheduler = createScheduler(
  {
    [alarmNames.sessionExpiry]: () => expireSessions(),
    [alarmNames.autoLock]: () => autoLock.check(),
    [alarmNames.phishingList]: () => phishingList.update(),
    [alarmNames.knownBadList]: () => knownBadList.update(),
    [alarmNames.secretClipboard]: () => secretClipboard.clearNow(),
  },
  chrome.alarms,
)
const autoLock = createAutoLock({ wallet, settings: networks.settings, session, scheduler, now })
/** A list's GET from its source (only with its update setting on): no cookies, no cache. */
async function fetchListText(url: string): Promise<string> {
  const response = await fetch(url, { credentials: 'omit', cache: 'no-store' })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  return response.text()
}
const phishingList = createPhishingList({
  // A file of the extension: eth-phishing-detect's ~380 kB list is not part of the worker's code.
  bundled: packagedJson(bundledPhishingListUrl),
  local,
  updatesOn: async () => (await networks.settings()).phishingListUpdates,
  fetchText: fetchListText,
  scheduler,
  now,
})
const knownBadList = createListUpdates(knownBadListFeed, {
  local,
  storageKey: localKeys.knownBadList,
  alarm: alarmNames.knownBadList,
  updatesOn: async () => (await networks.settings()).knownBadListUpdates,
  fetchText: fetchListText,
  scheduler,
  now,
})
// Chromium's worker has no document: an offscreen one empties the clipboard. Firefox runs the
// background as an event page, which has a document of its own and no offscreen API.
const secretClipboard = createSecretClipboard({
  clear:
    typeof document !== 'undefined'
      ? async () => clearClipboardIn(document)
      : offscreenClipboardClear({
          // Handed over whole: Firefox's linter flags each call of an API Firefox lacks by name.
          offscreen: chrome.offscreen,
          hasDocument: async () =>
            (await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] })).length > 0,
          url: chrome.runtime.getURL('src/offscreen/index.html'),
        }),
  scheduler,
  now,
})
const activity = createActivityLog(local)
const sessions = withSessionChanges(
  withActivityCleanup(
    createSessionStore(local, recordSeal, () => {
      scheduleExpiry().catch((error: unknown) =>
        console.error('Aperture: scheduling expiry', error),
      )
    }),
    activity,
  ),
  // Every session change, whoever made it, reaches the origin's EIP-1193 providers (DESIGN §7).
  (origin, before, after) => ethereum.sessionChanged(origin, before, after),
)
const nodes = createNodeRouter({
  networks,
  storage: session,
  createClient: (url) => createHttpNodeClient({ url }),
  openSocket: createChainSocket,
  deliver: (owner, subscriptionId, result) =>
    engine.deliverSubscriptionEvent(owner, subscriptionId, result),
})
const signerPorts: SignerPorts = {
  confirmations,
  node: (chainId) => nodes.nodeCall(chainId),
  account: (address) => wallet.account(address),
  batches: createCallsBatchStore(local),
  sent: (transaction) => {
    recordSentTransaction(
      { log: transactions, node: ({ chainId }) => nodes.nodeCall(chainId) },
      transaction,
    ).catch((error: unknown) => console.error('Aperture: recording a transaction', error))
  },
  log: transactions,
  newBatchId: () => randomHex(32),
  now,
}
const signing = createSigner(signerPorts)
const networkAdder = createNetworkAdder({
  confirmations,
  customNetworks: () => networks.customNetworks(),
  saveCustomNetwork: (network) => networks.saveCustomNetwork(network),
  checkEndpoint: (network) =>
    checkEndpointLive(createHttpNodeClient({ url: network.rpcUrl }), network.chainId),
})
const solanaSigning = createSolanaSigner({
  confirmations,
  node: (chainId) => nodes.nodeCall(chainId),
  key: (address) => wallet.solanaKey(address),
  sent: (transaction) => {
    solanaTransactions
      .append(transaction)
      .catch((error: unknown) => console.error('Aperture: recording a transaction', error))
  },
  now,
})
const engine: MultichainEngine = withActivityLog(
  createMultichainEngine(
    {
      sessions,
      approver: approvals.approver,
      nodes: nodes.router,
      notifier: connections.notifier,
      clock: { now },
      capabilities: networks.capabilities,
    },
    {
      namespaces: createWalletNamespaces({
        signer: signing.signer,
        solanaSigner: solanaSigning.signer,
        networks: networkAdder,
      }),
    },
  ),
  { activity, sessions, now },
)

const watchedTokens = createWatchedTokenStore(local)
// The EIP-1193 provider's engine (DESIGN §7), on the same sessions through the engine above.
const ethereum: EthereumProviderEngine = createEthereumProviderEngine({
  multichain: engine,
  sessions,
  approver: approvals.approver,
  networks: networkAdder,
  tokens: createTokenWatcher({
    confirmations,
    node: (chainId) => nodes.nodeCall(chainId),
    tokens: watchedTokens.read,
    saveTokens: watchedTokens.write,
  }),
  capabilities: networks.capabilities,
  sites: createSiteStore(local),
  notifier: connections.notifierFor('eip1193'),
  clock: { now },
  defaultChain: async () => defaultNetwork(await networks.networks()),
})

async function scheduleExpiry(): Promise<void> {
  await scheduler.schedule(alarmNames.sessionExpiry, await nextExpiry(sessions))
}

async function expireSessions(): Promise<void> {
  await engine.expireSessions()
  await scheduleExpiry()
}

// The wallet's own requests (send, revoke, speed-up, cancel) are kept while they run: their popup is
// gone once the confirmation window takes focus, so a new worker runs them again (DESIGN §6, §9).
const ownRequests = createOwnRequests({
  store: createOwnRequestStore(session),
  confirmations,
  run: (request) =>
    runOwnRequest({ send: sendPortsOf(ownSendPorts), replace: replacePorts }, request),
  failed: (request, error) => console.error(`Aperture: running ${request.method} again`, error),
})
const ownSendPorts: SendPopupPorts = {
  wallet,
  networks,
  nodeCall: (chainId: ChainId) => nodes.nodeCall(chainId),
  confirmations,
  signer: signing.signer,
  solanaSigner: solanaSigning.signer,
  ownRequests,
}
const replacePorts = { ...signerPorts, carry: ownRequests.carry }

const handlePopup = createPopupHandlers({
  ...ownSendPorts,
  approvals,
  sessions,
  engine,
  ethereum,
  watchedTokens,
  approvalScans: createApprovalScans(local),
  activity,
  proposedNetworks: networkAdder,
  transactions,
  replaceTransaction: (parameters) => replaceTransaction(replacePorts, parameters),
  solanaTransactions,
  touch: autoLock.touch,
  autoLock,
  siteReputation: phishingList.reputation,
  phishingList,
  knownBadList,
  secretClipboard,
  phishingContinued: createPhishingContinued(local),
})
const servePagePort = createPagePortServer({
  extensionId: chrome.runtime.id,
  engine,
  connections,
  approvals,
  confirmations,
  answers,
  apis: { eip1193: ethereum, solana: createWalletStandardApi(engine, 'solana') },
})

const serveExternalPort = createExternalPortServer({
  engine,
  connections,
  approvals,
  confirmations,
  answers,
  randomId: () => crypto.randomUUID(),
})

// Listeners are registered synchronously, at the top level, so a wake-up event is never missed.
chrome.runtime.onConnect.addListener((port) => {
  if (port.name === connectionPortName) servePagePort(port)
})

// Web pages on the standard extension transport (`externally_connectable`, DESIGN §3).
chrome.runtime.onConnectExternal.addListener(serveExternalPort)

chrome.runtime.onMessage.addListener((message: PopupRequest, sender, sendResponse) => {
  const fromExtensionPage = isExtensionPageSender({
    senderId: sender.id,
    extensionId: chrome.runtime.id,
    url: sender.url,
    extensionBaseUrl: chrome.runtime.getURL(''),
  })
  if (!fromExtensionPage) return false
  handlePopup(message).then(sendResponse)
  return true
})

chrome.windows.onRemoved.addListener((windowId) => {
  approvals
    .windowClosed(windowId)
    .catch((error: unknown) => console.error('Aperture: approval window closed', error))
  confirmations
    .windowClosed(windowId)
    .catch((error: unknown) => console.error('Aperture: confirmation window closed', error))
})

chrome.alarms.onAlarm.addListener((alarm) => scheduler.fired(alarm))

// An update removes what earlier builds wrote and this one no longer reads (storageKeys.ts). Any
// reason: Chromium reports a command-line (unpacked) extension's new version as `install`.
chrome.runtime.onInstalled.addListener(() => {
  local
    .remove([...retiredLocalKeys])
    .catch((error: unknown) => console.error('Aperture: removing retired storage', error))
})

// `local`'s own event: the worker hears no `session` change, so the one `session.set` between an
// Approve click and the page's answer is not also sent to the worker that made it (issue 36).
chrome.storage.local.onChanged.addListener((changes) => {
  if (!(localKeys.settings in changes) && !(localKeys.customNetworks in changes)) return
  networks.invalidate()
  nodes.reconnectMoved().catch((error: unknown) => console.error('Aperture: reconnecting', error))
  // A network that is gone (removed, or its API key cleared) takes its session scopes with it.
  engine
    .dropUnavailableChains()
    .catch((error: unknown) => console.error('Aperture: dropping removed networks', error))
})

wake({
  expireSessions,
  checkAutoLock: autoLock.check,
  nodes,
  connections,
  engine,
  resumeBroadcasts: async () => {
    await Promise.all([signing.resumeBroadcasts(), solanaSigning.resumeSends()])
  },
  resumeOwnRequests: ownRequests.resume,
  sweepUnclaimed: async () => {
    await Promise.all([approvals.sweep(), confirmations.sweep()])
  },
  // An alarm may not outlive a browser restart: a due update (only when the setting is on) runs.
  updateLists: async () => {
    await Promise.all([phishingList.update(), knownBadList.update()])
  },
}).catch((error: unknown) => console.error('Aperture: wake-up', error))
