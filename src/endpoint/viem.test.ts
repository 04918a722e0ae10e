import { createPublicClient, http, parseAbiItem, webSocket } from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningEndpoint, startEndpoint } from './index.ts'
import { testStateOptions } from './state/testStateOptions.ts'
import { deployEmitter, emitLogs, result } from './testSupport.ts'

const tick = parseAbiItem('event Tick(uint256 index)')

let endpoint: RunningEndpoint
let anvilUrl: string
let emitter: `0x${string}`
let block: bigint

beforeAll(async () => {
  endpoint = await startEndpoint({
    ...testStateOptions(),
    port: 0,
    logLevel: 'silent',
  })
  anvilUrl = endpoint.anvil?.rpcUrl ?? ''
  emitter = (await deployEmitter(anvilUrl)) as `0x${string}`
  block = await emitLogs(anvilUrl, emitter, 3)
})

afterAll(async () => {
  await endpoint?.close()
})

describe('viem transports written for the hosted service work unchanged', () => {
  it('http(): getLogs', async () => {
    const client = createPublicClient({ chain: foundry, transport: http(endpoint.httpUrl) })
    const logs = await client.getLogs({
      address: emitter,
      event: tick,
      fromBlock: block,
      toBlock: block,
    })
    expect(logs.map((log) => log.args.index)).toEqual([0n, 1n, 2n])
  })

  it('http(): createEventFilter + getFilterLogs + getFilterChanges', async () => {
    const client = createPublicClient({ chain: foundry, transport: http(endpoint.httpUrl) })
    const filter = await client.createEventFilter({
      address: emitter,
      event: tick,
      fromBlock: block,
    })
    expect((await client.getFilterLogs({ filter })).map((log) => log.args.index)).toEqual([
      0n,
      1n,
      2n,
    ])
    await emitLogs(anvilUrl, emitter, 1)
    expect((await client.getFilterChanges({ filter })).map((log) => log.args.index)).toEqual([0n])
    expect(await client.uninstallFilter({ filter })).toBe(true)
  })

  it('http(): getTransaction({ blockNumber, index })', async () => {
    const client = createPublicClient({ chain: foundry, transport: http(endpoint.httpUrl) })
    const transaction = await client.getTransaction({ blockNumber: block, index: 0 })
    expect(transaction.to).toBe(emitter)
    expect(transaction.blockNumber).toBe(block)
  })

  it('webSocket(): watchBlocks', async () => {
    const client = createPublicClient({ chain: foundry, transport: webSocket(endpoint.wsUrl) })
    let miner: ReturnType<typeof setInterval> | undefined
    let seen: bigint
    try {
      seen = await new Promise<bigint>((resolve, reject) => {
        const unwatch = client.watchBlocks({
          onBlock: (head) => {
            unwatch()
            resolve(head.number)
          },
          onError: reject,
        })
        // viem subscribes asynchronously: mine until it reports a block.
        miner = setInterval(() => {
          result(anvilUrl, 'evm_mine').catch(reject)
        }, 100)
      })
    } finally {
      clearInterval(miner)
    }
    expect(seen).toBeGreaterThan(block)
    await client.transport.getRpcClient().then((rpc) => rpc.close())
  })
})
