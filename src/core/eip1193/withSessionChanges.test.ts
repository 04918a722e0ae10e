import { describe, expect, it, vi } from 'vitest'
import type { StoredSession } from '../multichain/ports.ts'
import { createMemoryPorts } from '../multichain/testing/memoryPorts.ts'
import { withSessionChanges } from './withSessionChanges.ts'

const dapp = 'https://app.example'
const session = (createdAt: number): StoredSession => ({
  sessionScopes: {},
  sessionProperties: {},
  requestedScopes: {},
  createdAt,
})

describe('withSessionChanges', () => {
  it('tells every write and delete with the session before and after, once the store has it', async () => {
    const { sessions } = createMemoryPorts()
    const told: unknown[] = []
    const store = withSessionChanges(sessions, async (origin, before, after) => {
      told.push([
        origin,
        before?.createdAt,
        after?.createdAt,
        (await sessions.get(origin))?.createdAt,
      ])
    })
    await store.set(dapp, session(1))
    await store.set(dapp, session(2))
    await store.delete(dapp)
    expect(told).toEqual([
      [dapp, undefined, 1, 1],
      [dapp, 1, 2, 2],
      [dapp, 2, undefined, undefined],
    ])
  })

  it('tells nothing when a session that did not exist is deleted', async () => {
    const listener = vi.fn(async () => undefined)
    await withSessionChanges(createMemoryPorts().sessions, listener).delete(dapp)
    expect(listener).not.toHaveBeenCalled()
  })

  it("logs a listener's failure instead of failing the write", async () => {
    const { sessions } = createMemoryPorts()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const store = withSessionChanges(sessions, async () => {
      throw new Error('provider gone')
    })
    await expect(store.set(dapp, session(1))).resolves.toBeUndefined()
    expect(await sessions.get(dapp)).toEqual(session(1))
    expect(logged).toHaveBeenCalledOnce()
    logged.mockRestore()
  })
})
