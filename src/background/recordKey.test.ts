import { describe, expect, it } from 'vitest'
import { createRecordKey } from './recordKey.ts'
import { createRecordSeal } from './recordSeal.ts'
import { createMemoryKeyStore } from './testing/memoryKeyStore.ts'

describe('createRecordKey', () => {
  it('makes a non-extractable HMAC key at first use and keeps it in its store', async () => {
    const store = createMemoryKeyStore()
    const key = await createRecordKey(store, crypto.subtle)()
    expect(key.extractable).toBe(false)
    expect(key.algorithm).toMatchObject({ name: 'HMAC', hash: { name: 'SHA-256' }, length: 256 })
    expect(store.kept).toBe(key)
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow()
  })

  it('gives a later worker the same key: what one worker sealed, the next one opens', async () => {
    const store = createMemoryKeyStore()
    const first = createRecordSeal(createRecordKey(store, crypto.subtle), crypto.subtle)
    const sealed = await first.seal('session:https://app.example', { createdAt: 1 })
    const next = createRecordSeal(createRecordKey(store, crypto.subtle), crypto.subtle)
    expect(await next.open('session:https://app.example', sealed)).toEqual({ createdAt: 1 })
  })

  it('asks its store again after a failed write instead of keeping the failure', async () => {
    const store = createMemoryKeyStore()
    let failures = 1
    const key = createRecordKey(
      {
        read: store.read,
        async write(made) {
          if (failures-- > 0) throw new Error('IndexedDB unavailable')
          await store.write(made)
        },
      },
      crypto.subtle,
    )
    await expect(key()).rejects.toThrow('IndexedDB unavailable')
    expect(await key()).toBe(store.kept)
    expect(await key()).toBe(store.kept)
  })
})
