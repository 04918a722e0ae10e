import { describe, expect, it } from 'vitest'
import type { StoredSession } from '../core/multichain/ports.ts'
import { localKeys } from '../core/protocol/storageKeys.ts'
import { createSessionStore } from './sessionStore.ts'
import { createMemoryStorage } from './testing/memoryStorage.ts'

const dapp = 'https://app.example'
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

describe('createSessionStore', () => {
  it('keeps each origin under session:<origin> in storage.local and reports every change', async () => {
    const storage = createMemoryStorage()
    let changes = 0
    const sessions = createSessionStore(storage, () => {
      changes += 1
    })
    await sessions.set(dapp, session)
    expect(storage.items.get(`${localKeys.sessionPrefix}${dapp}`)).toEqual(session)
    expect(await createSessionStore(storage, () => {}).list()).toEqual([{ origin: dapp, session }])
    await sessions.delete(dapp)
    expect(await sessions.get(dapp)).toBeUndefined()
    expect(storage.items.size).toBe(0)
    expect(changes).toBe(2)
  })

  it('a read under way when a write lands does not put the older value back', async () => {
    const sessions = createSessionStore(createMemoryStorage(), () => {})
    const reading = sessions.get(dapp)
    await sessions.set(dapp, session)
    expect(await reading).toEqual(session)
    expect(await sessions.get(dapp)).toEqual(session)
  })
})
