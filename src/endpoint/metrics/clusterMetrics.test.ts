import type { Worker } from 'node:cluster'
import { EventEmitter } from 'node:events'
import { Counter, Registry } from 'prom-client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createClusterMetrics } from './clusterMetrics.ts'

/** A worker's side of the IPC channel: what the primary sent it, and messages it sends back. */
class FakeWorker extends EventEmitter {
  sent: Array<{ event: string; id: number; text?: string }> = []
  connected = true
  isConnected() {
    return this.connected
  }
  send(
    message: { event: string; id: number },
    _handle: unknown,
    done: (error: Error | null) => void,
  ) {
    this.sent.push(message)
    done(null)
    return true
  }
  /** Answers the primary's last request for its registry with `requests` counted. */
  async share(requests: number, id = this.lastCollect()) {
    const registry = new Registry()
    new Counter({ name: 'aperture_requests_total', help: 'calls', registers: [registry] }).inc(
      requests,
    )
    this.emit('message', { event: 'metrics-share', id, metrics: await registry.getMetricsAsJSON() })
  }
  lastCollect() {
    const asked = this.sent.filter((message) => message.event === 'metrics-collect')
    return asked[asked.length - 1]?.id ?? -1
  }
  /** The primary's answer to this worker's scrape, once there is one. */
  answer() {
    return this.sent.find((message) => message.event === 'metrics-answer')?.text
  }
}

const deadlineMs = 2000
/** Lets every promise already under way run (the fake clock stays where it is). */
const settled = () => new Promise((resolve) => setImmediate(resolve))
// The primary's side is what is tested; the workers are its port (a cluster Worker's IPC surface).
const asWorker = (fake: FakeWorker) => fake as unknown as Worker

const sampleOf = (text: string | undefined, name: string) =>
  Number(
    text
      ?.split('\n')
      .find((line) => line.split(' ')[0] === name)
      ?.split(' ')
      .pop(),
  )

describe('GET /metrics with --workers, in the primary', () => {
  let a: FakeWorker
  let b: FakeWorker
  let metrics: ReturnType<typeof createClusterMetrics>

  beforeEach(() => {
    // Only the deadline's clock is faked: `settled` lets the sums' promises run.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    a = new FakeWorker()
    b = new FakeWorker()
    metrics = createClusterMetrics(deadlineMs)
    metrics.serve(asWorker(a))
    metrics.serve(asWorker(b))
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  it("answers every worker's counts summed, none missing", async () => {
    a.emit('message', { event: 'metrics-request', id: 7 })
    await a.share(2)
    await b.share(3)
    await settled()
    expect(a.sent.at(-1)).toMatchObject({ event: 'metrics-answer', id: 7 })
    expect(sampleOf(a.answer(), 'aperture_requests_total')).toBe(5)
    expect(sampleOf(a.answer(), 'aperture_metrics_workers')).toBe(2)
    expect(sampleOf(a.answer(), 'aperture_metrics_workers_missing')).toBe(0)
    expect(metrics.pending()).toBe(0)
  })

  it('answers at the deadline without a worker that did not answer, and drops its late answer', async () => {
    a.emit('message', { event: 'metrics-request', id: 1 })
    await a.share(2)
    const silentId = b.lastCollect()
    expect(a.answer()).toBeUndefined()
    await vi.advanceTimersByTimeAsync(deadlineMs)
    expect(sampleOf(a.answer(), 'aperture_requests_total')).toBe(2)
    expect(sampleOf(a.answer(), 'aperture_metrics_workers')).toBe(2)
    expect(sampleOf(a.answer(), 'aperture_metrics_workers_missing')).toBe(1)
    expect(metrics.pending()).toBe(0)

    // It wakes up and answers the old request, then the new one: only the new one is summed.
    b.sent = []
    a.sent = []
    a.emit('message', { event: 'metrics-request', id: 2 })
    await b.share(100, silentId)
    await a.share(2)
    await b.share(3)
    await settled()
    expect(sampleOf(a.answer(), 'aperture_requests_total')).toBe(5)
    expect(sampleOf(a.answer(), 'aperture_metrics_workers_missing')).toBe(0)
  })

  it('stops waiting for a worker that exits, and no longer asks it', async () => {
    a.emit('message', { event: 'metrics-request', id: 1 })
    await a.share(2)
    b.connected = false
    b.emit('exit', 0, null)
    // Without waiting for the deadline.
    await settled()
    expect(sampleOf(a.answer(), 'aperture_metrics_workers_missing')).toBe(1)
    expect(metrics.pending()).toBe(0)

    a.sent = []
    a.emit('message', { event: 'metrics-request', id: 2 })
    await a.share(2)
    await settled()
    expect(sampleOf(a.answer(), 'aperture_metrics_workers')).toBe(1)
    expect(sampleOf(a.answer(), 'aperture_metrics_workers_missing')).toBe(0)
  })
})
