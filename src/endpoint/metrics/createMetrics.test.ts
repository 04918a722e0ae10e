import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createMetrics, keyLabel } from './createMetrics.ts'

const secret = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'
const metricsOf = (labelSecret = secret) =>
  createMetrics({
    network: 'solana',
    keys: new Set(['dev']),
    labelSecret,
    liveFilters: async () => 0,
    openSockets: () => 0,
    subscriptions: () => 0,
  })

const dev = keyLabel(secret, 'dev')

describe('createMetrics', () => {
  it('counts every call between reads once, whatever how often /metrics is read', async () => {
    const metrics = metricsOf()
    metrics.recordCall('http', 'dev', { method: 'getBlock', status: 'ok', durationMs: 0.1 })
    metrics.recordCall('http', 'dev', { method: 'getBlock', status: 'ok', durationMs: 0.1 })
    const line = `aperture_requests_total{transport="http",method="getBlock",key="${dev}",network="solana"}`
    expect(await metrics.read()).toContain(`${line} 2`)
    expect(await metrics.read()).toContain(`${line} 2`)
    metrics.recordCall('http', 'dev', { method: 'getBlock', status: 'ok', durationMs: 0.1 })
    expect(await metrics.read()).toContain(`${line} 3`)
  })

  it('counts errors by code, a refused method as (not allowed), an unknown key as (unknown)', async () => {
    const metrics = metricsOf()
    metrics.recordCall('ws', 'dev', { method: 'eth_chainId', status: -32601, durationMs: 0 })
    metrics.recordCall('http', 'stranger', { method: '(unauthorized)', status: 401, durationMs: 0 })
    const text = await metrics.read()
    expect(text).toContain(
      `aperture_requests_total{transport="ws",method="(not allowed)",key="${dev}",network="solana"} 1`,
    )
    expect(text).toContain(
      `aperture_errors_total{transport="ws",method="(not allowed)",key="${dev}",code="-32601",network="solana"} 1`,
    )
    expect(text).toContain(
      'aperture_errors_total{transport="http",method="(unauthorized)",key="(unknown)",code="401",network="solana"} 1',
    )
  })

  it('labels a key with a digest keyed by its secret, not one anyone can recompute from a guess', async () => {
    const metrics = metricsOf()
    metrics.recordCall('http', 'dev', { method: 'getSlot', status: 'ok', durationMs: 0.1 })
    const label = (await metrics.read()).match(/aperture_requests_total\{[^}]*key="([^"]+)"/)?.[1]
    expect(label).toMatch(/^[0-9a-f]{12}$/)
    expect(label).toBe(keyLabel(secret, 'dev'))
    expect(label).not.toBe(createHash('sha256').update('dev').digest('hex').slice(0, 12))
    expect(keyLabel('another secret', 'dev')).not.toBe(label)
  })
})
