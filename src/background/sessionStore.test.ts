import { describe, expect, it } from 'vitest'
import type { StoredSession } from '../core/multichain/ports.ts'
import { localKeys } from '../core/protocol/storageKeys.ts'
import { createSessionStore } from './sessionStore.ts'
import { testRecordSeal } from './testing/memoryKeyStore.ts'
import { createMemoryStorage } from './testing/memoryStorage.ts'

const dapp = 'https://app.example'
const evil = 'https://evil.example'
const session: StoredSession = {
  sessionScopes: {
    'eip155:1': {
      methods: ['eth_call'],
      notifications: [],
      accounts: ['eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    },
  },
  sessionProperties: {},
  requestedScopes: { 'eip155:1': { methods: ['eth_call'], notifications: [] } },
  createdAt: 1_700_000_000_000,
}
const keyOf = (origin: string) => `${localKeys.sessionPrefix}${origin}`

describe('createSessionStore', () => {
  it('keeps each origin under session:<origin> in storage.local, sealed, and reports every change', async () => {
    const storage = createMemoryStorage()
    const seal = testRecordSeal()
    let changes = 0
    const sessions = createSessionStore(storage, seal, () => {
      changes += 1
    })
    await sessions.set(dapp, session)
    expect(storage.items.get(keyOf(dapp))).toEqual({
      json: JSON.stringify(session),
      mac: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    // The next worker: a cache of its own, the same seal.
    expect(await createSessionStore(storage, seal, () => {}).list()).toEqual([
      { origin: dapp, session },
    ])
    expect(await createSessionStore(storage, seal, () => {}).get(dapp)).toEqual(session)
    await sessions.delete(dapp)
    expect(await sessions.get(dapp)).toBeUndefined()
    expect(storage.items.size).toBe(0)
    expect(changes).toBe(2)
  })

  it('a read under way when a write lands does not put the older value back', async () => {
    const sessions = createSessionStore(createMemoryStorage(), testRecordSeal(), () => {})
    const reading = sessions.get(dapp)
    await sessions.set(dapp, session)
    expect(await reading).toEqual(session)
    expect(await sessions.get(dapp)).toEqual(session)
  })

  it('writes an origin’s sessions to storage in the order they were made', async () => {
    const storage = createMemoryStorage()
    const seal = testRecordSeal()
    const sessions = createSessionStore(storage, seal, () => {})
    const later = { ...session, createdAt: session.createdAt + 1 }
    await Promise.all([
      sessions.set(dapp, session),
      sessions.set(dapp, later),
      sessions.delete(dapp),
    ])
    expect(storage.items.has(keyOf(dapp))).toBe(false)
    await Promise.all([sessions.set(dapp, session), sessions.set(dapp, later)])
    expect(await createSessionStore(storage, seal, () => {}).get(dapp)).toEqual(later)
  })

  it('ignores and removes a session it did not write: a forged record grants nothing', async () => {
    const storage = createMemoryStorage()
    storage.items.set(keyOf(evil), session)
    storage.items.set(keyOf(dapp), { json: JSON.stringify(session), mac: 'a'.repeat(64) })
    const sessions = createSessionStore(storage, testRecordSeal(), () => {})
    expect(await sessions.get(evil)).toBeUndefined()
    expect(storage.items.has(keyOf(evil))).toBe(false)
    expect(await sessions.list()).toEqual([])
    expect(storage.items.size).toBe(0)
  })

  it('ignores another origin’s sealed session copied under a page’s own key', async () => {
    const storage = createMemoryStorage()
    const seal = testRecordSeal()
    await createSessionStore(storage, seal, () => {}).set(dapp, session)
    storage.items.set(keyOf(evil), storage.items.get(keyOf(dapp)))
    const sessions = createSessionStore(storage, seal, () => {})
    expect(await sessions.get(evil)).toBeUndefined()
    expect(await sessions.list()).toEqual([{ origin: dapp, session }])
    expect(storage.items.has(keyOf(evil))).toBe(false)
  })
})
