import { AggregatorRegistry, Histogram, Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { createTalliedHistogram } from './createTalliedHistogram.ts'

const buckets = [0.0005, 0.001, 0.0025, 0.01, 2.5, 10]
/** Below the first bound, on bounds, between them, above the last; two methods. */
const observations: Array<[string, number]> = [
  ['eth_getBalance', 0.0001],
  ['eth_getBalance', 0.0005],
  ['eth_getBalance', 0.0007],
  ['eth_call', 0.003],
  ['eth_getBalance', 2.5],
  ['eth_call', 12],
  ['eth_getBalance', 0.0009],
]

/** Both histograms, each in a registry of its own labelled like the endpoint's, fed the same values. */
function bothFed() {
  const ours = new Registry()
  const theirs = new Registry()
  for (const registry of [ours, theirs]) registry.setDefaultLabels({ network: 'eip155' })
  const tallied = createTalliedHistogram({ name: 'x_seconds', help: 'x', buckets, registry: ours })
  const histogram = new Histogram({
    name: 'x_seconds',
    help: 'x',
    labelNames: ['method'],
    buckets,
    registers: [theirs],
  })
  for (const [method, seconds] of observations) {
    tallied.observe(method, seconds)
    histogram.observe({ method }, seconds)
  }
  return { ours, theirs }
}

describe('a tallied histogram', () => {
  it("prints in /metrics what prom-client's Histogram prints for the same observations", async () => {
    const { ours, theirs } = bothFed()

    const printed = await ours.metrics()
    expect(printed).toBe(await theirs.metrics())
    expect(printed).toContain(
      'x_seconds_bucket{le="0.001",network="eip155",method="eth_getBalance"} 4',
    )
    expect(printed).toContain('x_seconds_bucket{le="+Inf",network="eip155",method="eth_call"} 2')
  })

  it('sums across workers as prom-client sums its Histogram (--workers)', async () => {
    const one = bothFed()
    const two = bothFed()

    const summed = async (first: Registry, second: Registry) =>
      AggregatorRegistry.aggregate([
        await first.getMetricsAsJSON(),
        await second.getMetricsAsJSON(),
      ]).metrics()
    const printed = await summed(one.ours, two.ours)
    expect(printed).toBe(await summed(one.theirs, two.theirs))
    expect(printed).toContain('x_seconds_count{method="eth_getBalance",network="eip155"} 10')
  })

  it('forgets its observations when the registry is reset', async () => {
    const { ours, theirs } = bothFed()
    ours.resetMetrics()
    theirs.resetMetrics()

    expect(await ours.metrics()).toBe(await theirs.metrics())
  })
})
