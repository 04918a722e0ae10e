import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningEndpoint, startEndpoint } from './index.ts'
import { testStateOptions } from './state/testStateOptions.ts'
import { deployEmitter, emitLogs, hex, result } from './testSupport.ts'

type Log = { blockNumber: string; blockHash: string; data: string; removed: boolean }

let endpoint: RunningEndpoint
let anvilUrl: string
let emitter: string

beforeAll(async () => {
  endpoint = await startEndpoint({ ...testStateOptions(), port: 0, logLevel: 'silent' })
  anvilUrl = endpoint.anvil?.rpcUrl ?? ''
  emitter = await deployEmitter(anvilUrl)
})

afterAll(async () => {
  await endpoint?.close()
})

const changes = async (id: unknown) =>
  (await result(endpoint.httpUrl, 'eth_getFilterChanges', [id as string])) as Log[]

const blockHash = async (number: bigint) =>
  ((await result(anvilUrl, 'eth_getBlockByNumber', [hex(number), false])) as { hash: string }).hash

describe('filters across a reorg', () => {
  it('return the dropped block’s logs with removed: true, then the new canonical logs', async () => {
    const id = await result(endpoint.httpUrl, 'eth_newFilter', [{ address: emitter }])
    const kept = await emitLogs(anvilUrl, emitter, 2)
    expect((await changes(id)).map((log) => log.blockNumber)).toEqual([hex(kept), hex(kept)])
    const dropped = await emitLogs(anvilUrl, emitter, 1)
    const [before] = await changes(id)
    expect(before).toMatchObject({ blockNumber: hex(dropped), removed: false })

    await result(anvilUrl, 'anvil_reorg', [1, []])
    const replacement = await emitLogs(anvilUrl, emitter, 3)
    const after = await changes(id)
    expect(after).toEqual([
      { ...before, removed: true },
      ...((await result(anvilUrl, 'eth_getLogs', [
        { address: emitter, fromBlock: hex(dropped), toBlock: hex(replacement) },
      ])) as Log[]),
    ])
    expect(after.slice(1)).toHaveLength(3)
    expect(await changes(id)).toEqual([])
  })

  it('undo every dropped block of a deeper reorg, oldest first', async () => {
    const id = await result(endpoint.httpUrl, 'eth_newFilter', [{ address: emitter }])
    await emitLogs(anvilUrl, emitter, 1)
    await emitLogs(anvilUrl, emitter, 2)
    const delivered = await changes(id)
    expect(delivered).toHaveLength(3)

    await result(anvilUrl, 'anvil_reorg', [2, []])
    const replacement = await emitLogs(anvilUrl, emitter, 1)
    const after = await changes(id)
    expect(after.slice(0, 3)).toEqual(delivered.map((log) => ({ ...log, removed: true })))
    expect(after.slice(3)).toEqual(
      await result(anvilUrl, 'eth_getLogs', [
        { address: emitter, fromBlock: hex(replacement), toBlock: hex(replacement) },
      ]),
    )
  })

  it('gives a block filter the hashes of the new canonical blocks after a reorg', async () => {
    const id = await result(endpoint.httpUrl, 'eth_newBlockFilter')
    await result(anvilUrl, 'evm_mine')
    await result(anvilUrl, 'evm_mine')
    expect(await changes(id)).toHaveLength(2)
    await result(anvilUrl, 'anvil_reorg', [1, []])
    await result(anvilUrl, 'evm_mine')
    const head = BigInt((await result(anvilUrl, 'eth_blockNumber')) as string)
    expect(await changes(id)).toEqual([await blockHash(head - 1n), await blockHash(head)])
  })
})
