import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SubscriptionOwner } from '../core/multichain/ports.ts'
import { wake } from './wake.ts'

afterEach(() => {
  vi.useRealTimers()
})

const owner = (connection: string): SubscriptionOwner => ({
  origin: 'https://app.example',
  connection,
  chainId: 'eip155:31337',
})

describe('wake', () => {
  it('expires, checks the lock, restores subscriptions, re-broadcasts signed transactions and then sweeps unclaimed answers, then ends the subscriptions of pages that did not come back', async () => {
    vi.useFakeTimers()
    const done: string[] = []
    const closed: string[] = []
    await wake({
      expireSessions: async () => {
        done.push('expired')
      },
      checkAutoLock: async () => {
        done.push('lock checked')
      },
      nodes: {
        restore: async () => {
          done.push('restored')
        },
        owners: () => [owner('tab-back'), owner('tab-gone')],
      },
      connections: { has: (connection) => connection === 'tab-back' },
      engine: {
        connectionClosed: async (connection) => {
          closed.push(connection)
        },
      },
      resumeBroadcasts: async () => {
        done.push('re-broadcast')
      },
      sweepUnclaimed: async () => {
        done.push(done.includes('re-broadcast') ? 'swept after re-broadcast' : 'swept')
      },
      reconnectWindowMs: 15_000,
    })
    expect(done.sort()).toEqual([
      'expired',
      'lock checked',
      're-broadcast',
      'restored',
      'swept after re-broadcast',
    ])
    await vi.advanceTimersByTimeAsync(14_999)
    expect(closed).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(closed).toEqual(['tab-gone'])
  })
})
