import { describe, expect, it } from 'vitest'
import { createNetworkRegistry } from '../../networks.ts'
import { createMemoryStorage } from '../../testing/memoryStorage.ts'
import { settingsSet } from './set.ts'

/** `settings:set` over the worker's real settings in memory; counts auto-lock restarts. */
function createHandler() {
  let restarts = 0
  const set = settingsSet({
    networks: createNetworkRegistry(createMemoryStorage()),
    autoLock: {
      restart: async () => {
        restarts += 1
      },
    },
  })
  return { set, restarts: () => restarts }
}

describe('settings:set', () => {
  it('restarts the auto-lock countdown when the auto-lock time changes, and only then', async () => {
    const { set, restarts } = createHandler()
    await set({ infuraApiKey: 'abc123' })
    expect(restarts()).toBe(0)
    const settings = await set({ autoLockMinutes: 1 })
    expect(settings.autoLockMinutes).toBe(1)
    expect(restarts()).toBe(1)
  })

  it('restarts nothing when the change is refused', async () => {
    const { set, restarts } = createHandler()
    await expect(set({ autoLockMinutes: -5 })).rejects.toMatchObject({ code: 'invalid_fields' })
    expect(restarts()).toBe(0)
  })
})
