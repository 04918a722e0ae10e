import { localKeys, sessionKeys } from '../core/protocol/storageKeys.ts'
import './polyfills.ts'
import { createMultichainEngine } from '../core/multichain/createMultichainEngine.ts'
import type { MultichainEngine } from '../core/multichain/ports.ts'
import { connectionPortName } from '../core/protocol/connection.ts'
import type { PopupRequest } from '../core/protocol/popupMessages.ts'
import { createRecentAnswers } from '../core/wallet/createRecentAnswers.ts'
import { createActivityLog, withActivityCleanup, withActivityLog } from './activityLog.ts'
import { approvalWindows } from './approvalWindows.ts'
import { createConnectionRegistry } from './connections.ts'
import { createNetworkRegistry } from './networks.ts'
import { createNodeRouter } from './nodeRouter.ts'
import { type PageAnswer, servePagePort } from './pagePorts.ts'
import { createPopupHandlers, isExtensionPage } from './popupMessages.ts'
import { createSessionStore } from './sessionStore.ts'
import { local, session } from './storage.ts'
import { alarmNames, createScheduler, nextExpiry } from './timers.ts'
import { createWallet } from './wallet.ts'
import { createWindowApprover } from './windowApprover.ts'

/** How long a page that owned subscriptions before a worker restart has to reconnect. */
const reconnectWindowMs = 15_000
/** User activity is recorded at most this often (each record is a storage write). */
const activityThrottleMs = 10_000
/** How long the answer of a request that must not run twice is kept for its re-send. */
const answerKeepMs = 60_000

const networks = createNetworkRegistry(local)
const connections = createConnectionRegistry()
const approvals = createWindowApprover(session, approvalWindows)
const answers = createRecentAnswers<PageAnswer>({
  store: {
    read: () => session.read(sessionKeys.recentAnswers),
    write: (recent) => session.write(sessionKeys.recentAnswers, recent),
  },
  now: () => Date.now(),
  keepMs: answerKeepMs,
  limit: 100,
})
const wallet = createWallet({ local, session })
const scheduler = createScheduler({
  [alarmNames.sessionExpiry]: () => expireSessions(),
  [alarmNames.autoLock]: () => autoLock(),
})
const activity = createActivityLog(local)
const sessions = withActivityCleanup(
  createSessionStore(local, () => {
    scheduleExpiry().catch((error: unknown) => console.error('Aperture: scheduling expiry', error))
  }),
  activity,
)
const nodes = createNodeRouter({
  networks,
  storage: session,
  deliver: (owner, subscriptionId, result) =>
    engine.deliverSubscriptionEvent(owner, subscriptionId, result),
})
const engine: MultichainEngine = withActivityLog(
  createMultichainEngine({
    sessions,
    approver: approvals.approver,
    nodes: nodes.router,
    notifier: connections.notifier,
    clock: { now: () => Date.now() },
    capabilities: networks.capabilities,
  }),
  { activity, sessions, now: () => Date.now() },
)

async function scheduleExpiry(): Promise<void> {
  await scheduler.schedule(alarmNames.sessionExpiry, await nextExpiry(sessions))
}

async function expireSessions(): Promise<void> {
  await engine.expireSessions()
  await scheduleExpiry()
}

async function autoLock(): Promise<void> {
  if (!(await wallet.isUnlocked())) return
  const { autoLockMinutes } = await networks.settings()
  const lockAt =
    ((await session.read<number>(sessionKeys.lastActivity)) ?? 0) + autoLockMinutes * 60_000
  if (Date.now() >= lockAt) await wallet.lock()
  else await scheduler.schedule(alarmNames.autoLock, lockAt)
}

let lastTouch = 0
function touch(): void {
  const now = Date.now()
  if (now - lastTouch < activityThrottleMs) return
  lastTouch = now
  Promise.all([networks.settings(), session.write(sessionKeys.lastActivity, now)])
    .then(([{ autoLockMinutes }]) =>
      scheduler.schedule(alarmNames.autoLock, now + autoLockMinutes * 60_000),
    )
    .catch((error: unknown) => console.error('Aperture: recording activity', error))
}

const handlePopup = createPopupHandlers({
  wallet,
  approvals,
  networks,
  sessions,
  engine,
  activity,
  touch,
})

// Listeners are registered synchronously, at the top level, so a wake-up event is never missed.
chrome.runtime.onConnect.addListener((port) => {
  if (port.name === connectionPortName)
    servePagePort(port, { engine, connections, approvals, answers })
})

chrome.runtime.onMessage.addListener((message: PopupRequest, sender, sendResponse) => {
  if (!isExtensionPage(sender)) return false
  handlePopup(message).then(sendResponse)
  return true
})

chrome.windows.onRemoved.addListener((windowId) => {
  approvals
    .windowClosed(windowId)
    .catch((error: unknown) => console.error('Aperture: approval window closed', error))
})

chrome.alarms.onAlarm.addListener((alarm) => scheduler.fired(alarm))

chrome.storage.onChanged.addListener((changes, area) => {
  if (area !== 'local') return
  if (!(localKeys.settings in changes) && !(localKeys.customNetworks in changes)) return
  networks.invalidate()
  nodes.reconnectMoved().catch((error: unknown) => console.error('Aperture: reconnecting', error))
  // A network that is gone (removed, or its API key cleared) takes its session scopes with it.
  engine
    .dropUnavailableChains()
    .catch((error: unknown) => console.error('Aperture: dropping removed networks', error))
})

/** On every wake: end what expired meanwhile, re-subscribe, drop subscriptions of gone pages. */
async function wake(): Promise<void> {
  await Promise.all([expireSessions(), autoLock(), nodes.restore()])
  setTimeout(() => {
    for (const owner of nodes.owners()) {
      if (connections.has(owner.connection)) continue
      engine.connectionClosed(owner.connection, owner.origin).catch((error: unknown) => {
        console.error('Aperture: ending subscriptions of a page that did not come back', error)
      })
    }
  }, reconnectWindowMs)
}

wake().catch((error: unknown) => console.error('Aperture: wake-up', error))
