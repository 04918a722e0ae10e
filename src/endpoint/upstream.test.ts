import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningAnvil, type RunningEndpoint, startAnvil, startEndpoint } from './index.ts'
import { testStateOptions } from './state/testStateOptions.ts'
import { call, openSocket, result } from './testSupport.ts'

let anvil: RunningAnvil
let endpoint: RunningEndpoint
let port: number

beforeAll(async () => {
  anvil = await startAnvil()
  port = Number(new URL(anvil.rpcUrl).port)
  endpoint = await startEndpoint({
    ...testStateOptions(),
    port: 0,
    upstream: anvil.rpcUrl,
    logLevel: 'silent',
  })
})

afterAll(async () => {
  await endpoint?.close()
  await anvil?.stop()
})

describe('an upstream that goes away and comes back', () => {
  it('serves, fails with -32603 while the upstream is down, and serves again when it is back', async () => {
    expect(await call(endpoint.httpUrl, 'eth_chainId')).toMatchObject({ result: '0x7a69' })
    const socket = await openSocket(endpoint.wsUrl)
    await socket.request('eth_subscribe', ['newHeads'])

    await anvil.stop()

    // A subscriber is told to reconnect: its subscriptions died with the upstream socket.
    expect(await socket.closed).toBe(1012)
    // eth_chainId never changes: the response cache answers it while the node is away.
    expect(await call(endpoint.httpUrl, 'eth_chainId')).toMatchObject({ result: '0x7a69' })
    for (const method of ['eth_gasPrice', 'eth_blockNumber']) {
      const envelope = await call(endpoint.httpUrl, method)
      expect(envelope.error).toMatchObject({ code: -32603, message: 'Internal error' })
      expect((envelope.error?.data as { cause?: string } | undefined)?.cause).toContain(
        'unreachable',
      )
    }
    expect((await call(endpoint.httpUrl, 'eth_getLogs', [{}])).error?.code).toBe(-32603)
    expect((await call(endpoint.httpUrl, 'eth_newBlockFilter')).error?.code).toBe(-32603)
    const health = await fetch(`${endpoint.origin}/healthz`)
    expect(health.status).toBe(503)
    expect(await health.json()).toMatchObject({ status: 'degraded', upstream: 'unreachable' })
    const subscriber = await openSocket(endpoint.wsUrl)
    expect((await subscriber.request('eth_subscribe', ['newHeads'])).error?.code).toBe(-32603)
    await subscriber.close()

    anvil = await startAnvil({ port })

    expect(await call(endpoint.httpUrl, 'eth_chainId')).toMatchObject({ result: '0x7a69' })
    expect((await fetch(`${endpoint.origin}/healthz`)).status).toBe(200)
    const again = await openSocket(endpoint.wsUrl)
    try {
      const subscription = (await again.request('eth_subscribe', ['newHeads'])).result as string
      await result(anvil.rpcUrl, 'evm_mine')
      expect(await again.nextEvent(subscription)).toMatchObject({ number: '0x1' })
    } finally {
      await again.close()
    }
  })
})
