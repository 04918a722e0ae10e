import { describe, expect, it } from 'vitest'
import type { EngineResponse, MultichainEngine, StoredSession } from '../core/multichain/ports.ts'
import { localKeys } from '../core/protocol/storageKeys.ts'
import type { ActivityEntry } from '../core/wallet/activity.ts'
import { createActivityLog, withActivityCleanup, withActivityLog } from './activityLog.ts'
import { createSessionStore } from './sessionStore.ts'
import { testRecordSeal } from './testing/memoryKeyStore.ts'
import { createMemoryStorage } from './testing/memoryStorage.ts'

const dapp = 'https://app.example'
const key = `${localKeys.activityPrefix}${dapp}`
const entry = (at: number, method = 'eth_blockNumber'): ActivityEntry => ({
  at,
  chainId: 'eip155:31337',
  method,
  errorCode: null,
})
const session: StoredSession = {
  sessionScopes: {},
  sessionProperties: {},
  requestedScopes: {},
  createdAt: 1,
}

describe('createActivityLog', () => {
  it('appends entries in call order, writes them to storage.local, and a new worker reads them back', async () => {
    const storage = createMemoryStorage()
    const log = createActivityLog(storage)
    await Promise.all([
      log.record(dapp, entry(1)),
      log.record(dapp, entry(2)),
      log.record(dapp, entry(3)),
    ])
    expect(storage.items.get(key)).toEqual([entry(1), entry(2), entry(3)])
    expect(await createActivityLog(storage).read(dapp)).toEqual([entry(1), entry(2), entry(3)])
  })

  it('keeps the newest 100 entries', async () => {
    const storage = createMemoryStorage()
    const log = createActivityLog(storage)
    for (let at = 1; at <= 105; at += 1) await log.record(dapp, entry(at))
    const kept = storage.items.get(key) as ActivityEntry[]
    expect(kept).toHaveLength(100)
    expect(kept[0]).toEqual(entry(6))
  })

  it('forgets an origin log in memory and in storage', async () => {
    const storage = createMemoryStorage()
    const log = createActivityLog(storage)
    await log.record(dapp, entry(1))
    await log.forget(dapp)
    expect(storage.items.has(key)).toBe(false)
    expect(await log.read(dapp)).toEqual([])
  })
})

describe('withActivityLog and withActivityCleanup', () => {
  const invoke = {
    jsonrpc: '2.0',
    id: 4,
    method: 'wallet_invokeMethod',
    params: { scope: 'eip155:31337', request: { method: 'eth_call' } },
  }
  const denied: EngineResponse = {
    jsonrpc: '2.0',
    id: 4,
    error: {
      code: 4100,
      message: 'The requested account and/or method has not been authorized by the user.',
    },
  }
  const engine = { handleRequest: async () => denied } as unknown as MultichainEngine

  it('records the invokeMethod calls of an origin that has a session, with their outcome', async () => {
    const storage = createMemoryStorage()
    const activity = createActivityLog(storage)
    const sessions = createSessionStore(storage, testRecordSeal(), () => {})
    const logged = withActivityLog(engine, { activity, sessions, now: () => 42 })
    await sessions.set(dapp, session)
    const stranger = 'https://other.example'
    expect(await logged.handleRequest(stranger, 'tab-2', invoke)).toEqual(denied)
    expect(await logged.handleRequest(dapp, 'tab-1', invoke)).toEqual(denied)
    await logged.handleRequest(dapp, 'tab-1', { ...invoke, method: 'wallet_getSession' })
    await expect
      .poll(() => storage.items.get(key))
      .toEqual([{ at: 42, chainId: 'eip155:31337', method: 'eth_call', errorCode: 4100 }])
    expect(storage.items.has(`${localKeys.activityPrefix}${stranger}`)).toBe(false)
  })

  it('forgets the activity of an origin whose session is deleted', async () => {
    const storage = createMemoryStorage()
    const activity = createActivityLog(storage)
    const sessions = withActivityCleanup(
      createSessionStore(storage, testRecordSeal(), () => {}),
      activity,
    )
    await sessions.set(dapp, session)
    await activity.record(dapp, entry(1))
    await sessions.delete(dapp)
    expect(storage.items.has(key)).toBe(false)
    expect(storage.items.has(`${localKeys.sessionPrefix}${dapp}`)).toBe(false)
  })
})
