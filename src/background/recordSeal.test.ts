import { describe, expect, it } from 'vitest'
import { testRecordSeal as sealOf } from './testing/memoryKeyStore.ts'

const dappKey = 'session:https://app.example'
const session = {
  sessionScopes: {
    'eip155:1': {
      methods: ['eth_call'],
      notifications: [],
      accounts: ['eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    },
  },
  createdAt: 1_700_000_000_000,
}

describe('createRecordSeal', () => {
  it('opens what it sealed for the same storage key, through a storage round trip', async () => {
    const seal = sealOf()
    const stored = structuredClone(await seal.seal(dappKey, session))
    expect(stored.mac).toMatch(/^[0-9a-f]{64}$/)
    expect(await seal.open(dappKey, stored)).toEqual(session)
  })

  it('refuses a record sealed for another storage key: another origin’s session copied over', async () => {
    const seal = sealOf()
    const stored = await seal.seal(dappKey, session)
    expect(await seal.open('session:https://evil.example', stored)).toBeUndefined()
  })

  it('refuses a record whose JSON was changed under its MAC', async () => {
    const seal = sealOf()
    const stored = await seal.seal(dappKey, session)
    const widened = stored.json.replace('"eth_call"', '"eth_call","eth_sendTransaction"')
    expect(await seal.open(dappKey, { ...stored, json: widened })).toBeUndefined()
  })

  it('refuses an unsealed session, a made-up MAC and a record sealed under another key', async () => {
    const seal = sealOf()
    expect(await seal.open(dappKey, session)).toBeUndefined()
    expect(await seal.open(dappKey, { json: JSON.stringify(session), mac: 'f'.repeat(64) })).toBe(
      undefined,
    )
    expect(await seal.open(dappKey, { json: JSON.stringify(session), mac: 'not hex' })).toBe(
      undefined,
    )
    expect(await seal.open(dappKey, await sealOf().seal(dappKey, session))).toBeUndefined()
  })
})
