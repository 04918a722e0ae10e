import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Json } from '../core/rpc/types.ts'
import { type RunningEndpoint, startEndpoint } from './index.ts'
import { testStateOptions } from './state/testStateOptions.ts'
import { call, openSocket, result } from './testSupport.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const hash = `0x${'ab'.repeat(32)}`
/** 2^64: one bit more than a node reads. */
const over = `0x1${'0'.repeat(16)}`
const block = 'must be a block number of at most 64 bits'
const index = 'must be an index of at most 64 bits'

let endpoint: RunningEndpoint

beforeAll(async () => {
  endpoint = await startEndpoint({
    ...testStateOptions(),
    port: 0,
    apiKeys: ['dev'],
    logLevel: 'silent',
  })
})

afterAll(async () => {
  await endpoint?.close()
})

/** The upstream calls the endpoint made for `method`, from its own metrics. */
async function upstreamCalls(method: string): Promise<number> {
  const text = await (await fetch(`${endpoint.origin}/metrics`)).text()
  const line = new RegExp(
    `^aperture_upstream_request_duration_seconds_count\\{network="eip155",method="${method}"\\} (\\d+)$`,
    'm',
  )
  return Number(line.exec(text)?.[1] ?? 0)
}

const cases: Array<[string, Json[], string, string]> = [
  ['eth_getBalance', [address, over], 'params[1]', block],
  ['eth_getCode', [address, over], 'params[1]', block],
  ['eth_getStorageAt', [address, '0x0', over], 'params[2]', block],
  ['eth_getTransactionCount', [address, over], 'params[1]', block],
  ['eth_call', [{ to: address }, over], 'params[1]', block],
  ['eth_estimateGas', [{ from: address, to: address }, over], 'params[1]', block],
  ['eth_createAccessList', [{ from: address, to: address }, over], 'params[1]', block],
  ['eth_getProof', [address, [], over], 'params[2]', block],
  ['eth_simulateV1', [{ blockStateCalls: [] }, over], 'params[1]', block],
  ['eth_getBlockReceipts', [over], 'params[0]', block],
  ['eth_getBlockByNumber', [over, false], 'params[0]', block],
  ['eth_getBlockTransactionCountByNumber', [over], 'params[0]', block],
  ['eth_getUncleCountByBlockNumber', [over], 'params[0]', block],
  ['eth_getUncleByBlockNumberAndIndex', ['latest', over], 'params[1]', index],
  ['eth_getTransactionByBlockHashAndIndex', [hash, over], 'params[1]', index],
  ['eth_getUncleByBlockHashAndIndex', [hash, over], 'params[1]', index],
  ['eth_feeHistory', [over, 'latest', []], 'params[0]', 'must be a block count of at most 64 bits'],
  ['eth_feeHistory', ['0x1', over, []], 'params[1]', block],
]

describe('block numbers and indexes beyond 64 bits (issue 11)', () => {
  it.each(cases)(
    '%s is refused with -32602 by the endpoint, naming %j',
    async (method, params, path, message) => {
      expect((await call(endpoint.httpUrl, method, params)).error).toEqual({
        code: -32602,
        message: `Invalid params: ${path}: ${message}`,
        data: { problems: [{ path, message }] },
      })
    },
  )

  it('refuses them over WebSocket too', async () => {
    const socket = await openSocket(endpoint.wsUrl)
    try {
      expect((await socket.request('eth_getBlockByNumber', [over, false])).error).toEqual({
        code: -32602,
        message: `Invalid params: params[0]: ${block}`,
        data: { problems: [{ path: 'params[0]', message: block }] },
      })
    } finally {
      await socket.close()
    }
  })

  it('sends none of them to the node', async () => {
    for (const [method, params] of cases) await call(endpoint.httpUrl, method, params)
    for (const method of new Set(cases.map(([method]) => method))) {
      expect({ method, calls: await upstreamCalls(method) }).toEqual({ method, calls: 0 })
    }
  })

  it('still forwards the largest 64-bit block number and an EIP-1898 block hash', async () => {
    const largest = `0x${'f'.repeat(16)}`
    expect(await call(endpoint.httpUrl, 'eth_getBlockByNumber', [largest, false])).toMatchObject({
      result: null,
    })
    expect(await upstreamCalls('eth_getBlockByNumber')).toBe(1)
    const latest = (await result(endpoint.httpUrl, 'eth_getBlockByNumber', ['latest', false])) as {
      hash: string
    }
    expect(
      await call(endpoint.httpUrl, 'eth_getBalance', [address, { blockHash: latest.hash }]),
    ).toMatchObject({
      result: expect.stringMatching(/^0x[0-9a-f]+$/),
    })
  })
})
