import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningAnvil, type RunningEndpoint, startAnvil, startEndpoint } from './index.ts'
import { testStateOptions } from './state/testStateOptions.ts'
import { deployEmitter, emitLogs, hex, result } from './testSupport.ts'

let anvil: RunningAnvil
let endpoint: RunningEndpoint
let proxy: ReturnType<typeof createServer>
/** Calls that reached the node through the endpoint, by method and by `method(first param)`. */
const reached = new Map<string, number>()
let emitter: string
let logBlock: bigint

beforeAll(async () => {
  anvil = await startAnvil()
  // Counts each call the endpoint sends to the node, then forwards it unchanged.
  proxy = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      type Call = { method: string; params?: unknown[] }
      const parsed = JSON.parse(body.toString('utf8')) as Call | Call[]
      for (const { method, params } of Array.isArray(parsed) ? parsed : [parsed]) {
        for (const name of [method, `${method}(${JSON.stringify(params?.[0])})`]) {
          reached.set(name, (reached.get(name) ?? 0) + 1)
        }
      }
      fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (answer) => response.end(Buffer.from(await answer.arrayBuffer())))
        .catch(() => response.destroy())
    })
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  endpoint = await startEndpoint({
    ...testStateOptions(),
    port: 0,
    upstream: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    upstreamWs: anvil.wsUrl,
    finalityRefreshMs: 0,
    logLevel: 'silent',
  })
  emitter = await deployEmitter(anvil.rpcUrl)
  logBlock = await emitLogs(anvil.rpcUrl, emitter, 3)
  // anvil finalizes 64 blocks below its head.
  await result(anvil.rpcUrl, 'anvil_mine', ['0x50'])
})

afterAll(async () => {
  await endpoint?.close()
  await new Promise((resolve) => proxy?.close(resolve))
  await anvil?.stop()
})

const count = (method: string) => reached.get(method) ?? 0

/** The endpoint's answer text for one call, and how many calls of `method` reached the node. */
async function ask(method: string, params: unknown[]): Promise<{ text: string; upstream: number }> {
  const response = await fetch(endpoint.httpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  })
  return { text: await response.text(), upstream: count(method) }
}

/** Asks until the answer comes from the cache (the first asks also learn the finalized head). */
async function warm(method: string, params: unknown[]): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const before = count(method)
    await ask(method, params)
    if (count(method) === before) return
  }
  throw new Error(`${method} never came from the cache`)
}

const direct = async (method: string, params: unknown[]) => {
  const response = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  })
  return response.text()
}

describe('the finality-aware response cache', () => {
  it('answers a finalized block from the cache without asking the node', async () => {
    const params = [hex(logBlock), true]
    await warm('eth_getBlockByNumber', params)
    const before = count('eth_getBlockByNumber')
    for (let call = 0; call < 3; call++) {
      const { text, upstream } = await ask('eth_getBlockByNumber', params)
      expect(upstream).toBe(before)
      expect(JSON.parse(text)).toEqual(JSON.parse(await direct('eth_getBlockByNumber', params)))
    }
  })

  it('always asks the node about latest, and about blocks above the finalized head', async () => {
    const head = BigInt((await result(anvil.rpcUrl, 'eth_blockNumber')) as string)
    for (const block of ['latest', hex(head)]) {
      const asked = `eth_getBlockByNumber(${JSON.stringify(block)})`
      for (let call = 0; call < 3; call++) {
        const before = count(asked)
        await ask('eth_getBlockByNumber', [block, false])
        expect(count(asked)).toBe(before + 1)
      }
    }
  })

  it('answers a finalized-range eth_getLogs hit byte for byte as the node did', async () => {
    const params = [{ address: emitter, fromBlock: hex(logBlock), toBlock: hex(logBlock) }]
    await warm('eth_getLogs', params)
    const before = count('eth_getLogs')
    const hit = await ask('eth_getLogs', params)
    expect(hit.upstream).toBe(before)
    expect(hit.text).toBe(await direct('eth_getLogs', params))
  })

  it('answers a transaction and its receipt by hash from the cache once its block is final', async () => {
    const block = (await result(anvil.rpcUrl, 'eth_getBlockByNumber', [hex(logBlock), false])) as {
      transactions: string[]
    }
    const [hash] = block.transactions
    for (const method of ['eth_getTransactionByHash', 'eth_getTransactionReceipt']) {
      await warm(method, [hash])
      expect((await ask(method, [hash])).upstream).toBe(count(method))
    }
  })

  it('is emptied when the finalized block leaves the chain (a reorg below finality)', async () => {
    const params = [hex(logBlock + 1n), false]
    await warm('eth_getBlockByNumber', params)
    const before = JSON.parse((await ask('eth_getBlockByNumber', params)).text).result.hash
    // Drop every block from logBlock + 1 on, then mine as many again: all new hashes.
    const head = BigInt((await result(anvil.rpcUrl, 'eth_blockNumber')) as string)
    await result(anvil.rpcUrl, 'anvil_reorg', [Number(head - logBlock), []])
    const replaced = (
      (await result(anvil.rpcUrl, 'eth_getBlockByNumber', params)) as { hash: string }
    ).hash
    expect(replaced).not.toBe(before)
    // A miss lets the endpoint see the finalized block change; from then on the cache is new.
    await expect
      .poll(async () => {
        await ask('eth_getBlockByNumber', ['latest', false])
        return JSON.parse((await ask('eth_getBlockByNumber', params)).text).result.hash
      })
      .toBe(replaced)
  })
})
