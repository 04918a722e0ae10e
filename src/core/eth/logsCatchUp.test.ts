import { describe, expect, it } from 'vitest'
import { logsCatchUp } from './logsCatchUp.ts'
import { NodeAnswerError } from './nodeCall.ts'
import {
  anvilLog,
  collect,
  createAnvilChain,
  emitter,
  transferTopic,
} from './testing/anvilChain.ts'

const filter = { address: emitter, topics: [transferTopic] }
const params = ['logs', filter]

describe('logsCatchUp', () => {
  it('starts at the head: every log up to it counts as delivered', async () => {
    const chain = createAnvilChain({ head: 10 })
    expect(await logsCatchUp.start(chain.call, params)).toEqual({ lastBlock: '0xa' })
    chain.refuse = 'eth_blockNumber'
    expect(await logsCatchUp.start(chain.call, params)).toEqual({})
  })

  it('admits each log once, by block and index', () => {
    const start = { lastBlock: '0xa' }
    expect(logsCatchUp.admit(params, start, anvilLog(10, 3))).toBeUndefined()
    const first = logsCatchUp.admit(params, start, anvilLog(11, 0))
    expect(first).toEqual({ lastBlock: '0xb', lastLogIndex: '0x0' })
    expect(
      logsCatchUp.admit(params, { lastBlock: '0xb', lastLogIndex: '0x0' }, anvilLog(11, 0)),
    ).toBeUndefined()
    expect(
      logsCatchUp.admit(params, { lastBlock: '0xb', lastLogIndex: '0x0' }, anvilLog(11, 1)),
    ).toEqual({
      lastBlock: '0xb',
      lastLogIndex: '0x1',
    })
  })

  it('passes on a removed log (a reorg) and a log without a position, the cursor as it was', () => {
    const cursor = { lastBlock: '0xb', lastLogIndex: '0x1' }
    expect(logsCatchUp.admit(params, cursor, anvilLog(11, 1, true))).toBe(cursor)
    expect(logsCatchUp.admit(params, cursor, { logIndex: '0x0' })).toBe(cursor)
  })

  it("reads the logs since the cursor's block up to the head with the subscription's filter", async () => {
    const logs = [
      anvilLog(9, 0),
      anvilLog(11, 0),
      anvilLog(11, 1),
      anvilLog(12, 0),
      anvilLog(13, 0),
    ]
    const chain = createAnvilChain({ head: 13, logs })
    const cursor = { lastBlock: '0xb', lastLogIndex: '0x0' }
    expect(await collect(logsCatchUp.catchUp(chain.call, params, cursor))).toEqual(logs.slice(1))
    expect(chain.calls).toEqual([
      { method: 'eth_blockNumber', params: [] },
      { method: 'eth_getLogs', params: [{ ...filter, fromBlock: '0xb', toBlock: '0xd' }] },
    ])
  })

  it('reads the newest 128 blocks at most', async () => {
    const chain = createAnvilChain({ head: 1000 })
    await collect(logsCatchUp.catchUp(chain.call, params, { lastBlock: '0xa' }))
    expect(chain.calls.at(-1)).toEqual({
      method: 'eth_getLogs',
      params: [{ ...filter, fromBlock: '0x368', toBlock: '0x3e8' }],
    })
  })

  it('asks for no logs when the head has not moved past a start with nothing delivered', async () => {
    const chain = createAnvilChain({ head: 10, logs: [anvilLog(10, 0)] })
    expect(await collect(logsCatchUp.catchUp(chain.call, params, { lastBlock: '0xa' }))).toEqual([])
    expect(chain.calls.map(({ method }) => method)).toEqual(['eth_blockNumber'])
  })

  it("throws the node's refusal of eth_getLogs", async () => {
    const chain = createAnvilChain({ head: 13 })
    chain.refuse = 'eth_getLogs'
    const reading = collect(logsCatchUp.catchUp(chain.call, params, { lastBlock: '0xb' }))
    await expect(reading).rejects.toBeInstanceOf(NodeAnswerError)
    await expect(reading).rejects.toMatchObject({
      error: { code: -32005, message: 'query returned more than 10000 results' },
    })
  })
})
