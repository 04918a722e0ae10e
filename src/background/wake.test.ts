import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SubscriptionOwner } from '../core/multichain/ports.ts'
import { type WakeDependencies, wake } from './wake.ts'

afterEach(() => {
  vi.useRealTimers()
})

const owner = (connection: string): SubscriptionOwner => ({
  origin: 'https://app.example',
  connection,
  chainId: 'eip155:31337',
})

/** Wake dependencies that note what ran in `done`, and the subscriptions ended in `closed`. */
function recordingDependencies() {
  const done: string[] = []
  const closed: string[] = []
  const dependencies: WakeDependencies = {
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
      dropUnavailableChains: async () => {
        done.push('unoffered chains dropped')
      },
    },
    resumeBroadcasts: async () => {
      done.push('re-broadcast')
    },
    resumeOwnRequests: async () => {
      done.push(done.includes('re-broadcast') ? 'own resumed after re-broadcast' : 'own resumed')
    },
    sweepUnclaimed: async () => {
      done.push(done.includes('own resumed after re-broadcast') ? 'swept after both' : 'swept')
    },
    updateLists: async () => {
      done.push('lists updated')
    },
    catchUpDelayMs: 1_000,
    reconnectWindowMs: 15_000,
  }
  return { done, closed, dependencies }
}

describe('wake', () => {
  it('checks the auto-lock at once and leaves the catch-up until the request that woke the worker had its turn', async () => {
    vi.useFakeTimers()
    const { done, dependencies } = recordingDependencies()
    void wake(dependencies)
    await vi.advanceTimersByTimeAsync(999)
    expect(done).toEqual(['lock checked'])
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toHaveLength(8)
  })

  it("expires, drops the chains whose network went meanwhile from the sessions, restores subscriptions, re-broadcasts signed transactions, runs the wallet's own requests again and then sweeps unclaimed answers, updates the lists, then ends the subscriptions of pages that did not come back", async () => {
    vi.useFakeTimers()
    const { done, closed, dependencies } = recordingDependencies()
    const woken = wake(dependencies)
    await vi.advanceTimersByTimeAsync(1_000)
    await woken
    expect(done.sort()).toEqual([
      'expired',
      'lists updated',
      'lock checked',
      'own resumed after re-broadcast',
      're-broadcast',
      'restored',
      'swept after both',
      'unoffered chains dropped',
    ])
    await vi.advanceTimersByTimeAsync(14_999)
    expect(closed).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(closed).toEqual(['tab-gone'])
  })
})
