/**
 * `--network solana --workers 2 --redis`: one embedded Surfpool started by the primary, two
 * endpoint processes on one port sharing Redis, one sum of metrics; nothing left when it stops.
 */
import { generateKeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirmed } from './solanaSupport.ts'
import { type SpawnedEndpoint, spawnEndpoint } from './spawnEndpoint.ts'
import { type RunningRedis, startRedisServer } from './state/startRedisServer.ts'
import { isRunning, openSocket, result } from './testSupport.ts'

let redis: RunningRedis
let cluster: SpawnedEndpoint

beforeAll(async () => {
  redis = await startRedisServer()
  cluster = await spawnEndpoint([
    '--network',
    'solana',
    '--redis',
    redis.url,
    '--workers',
    '2',
    '--log-level',
    'silent',
  ])
})

afterAll(async () => {
  await cluster?.close()
  await redis?.close()
})

describe('--network solana --workers 2 --redis', () => {
  it('serves the primary’s one Surfpool from both workers, airdrops included', async () => {
    const { ready } = cluster
    expect(ready.network).toBe('solana')
    expect(ready.workers).toHaveLength(2)
    const surfpool = ready.surfpool
    if (!surfpool) throw new Error('no embedded Surfpool')
    const genesis = await result(surfpool.rpcUrl, 'getGenesisHash')
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => result(ready.http, 'getGenesisHash')),
    )
    expect(new Set(answers)).toEqual(new Set([genesis]))
    const signer = await generateKeyPairSigner()
    const signature = await result(ready.http, 'requestAirdrop', [signer.address, 1_000_000_000])
    await confirmed(ready.http, signature as string)
  })

  it('relays subscriptions on whichever worker holds the socket', async () => {
    const socket = await openSocket(cluster.ready.ws)
    try {
      const { result: id } = await socket.request('slotSubscribe')
      expect(await socket.nextEvent(id as number)).toMatchObject({ slot: expect.any(Number) })
    } finally {
      await socket.close()
    }
  })

  it('answers GET /metrics with every worker’s calls, labelled solana', async () => {
    const text = await (await fetch(`${cluster.ready.origin}/metrics`)).text()
    const row = text
      .split('\n')
      .find(
        (line) =>
          line.startsWith('aperture_requests_total{') && line.includes('method="getGenesisHash"'),
      )
    expect(row).toContain('network="solana"')
    expect(Number(row?.split(' ').pop())).toBeGreaterThanOrEqual(20)
  })

  it('stops its workers and its Surfpool on close', async () => {
    const surfpool = cluster.ready.surfpool?.pid ?? 0
    const workers = cluster.ready.workers ?? []
    await cluster.close()
    expect(isRunning(surfpool)).toBe(false)
    expect(workers.filter(isRunning)).toEqual([])
  })
})
