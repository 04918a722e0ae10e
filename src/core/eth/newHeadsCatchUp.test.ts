import { describe, expect, it } from 'vitest'
import { newHeadsCatchUp } from './newHeadsCatchUp.ts'
import { anvilHeader, collect, createAnvilChain } from './testing/anvilChain.ts'

const params = ['newHeads']

describe('newHeadsCatchUp', () => {
  it('starts with no cursor and asks the node nothing', async () => {
    const chain = createAnvilChain({ head: 10 })
    expect(await newHeadsCatchUp.start(chain.call, params)).toEqual({})
    expect(chain.calls).toEqual([])
  })

  it('admits each block once, in order, moving the cursor to it', () => {
    const after5 = newHeadsCatchUp.admit(params, {}, anvilHeader(5))
    expect(after5).toEqual({ lastBlock: '0x5' })
    expect(newHeadsCatchUp.admit(params, { lastBlock: '0x5' }, anvilHeader(5))).toBeUndefined()
    expect(newHeadsCatchUp.admit(params, { lastBlock: '0x5' }, anvilHeader(4))).toBeUndefined()
    expect(newHeadsCatchUp.admit(params, { lastBlock: '0x5' }, anvilHeader(6))).toEqual({
      lastBlock: '0x6',
    })
  })

  it('passes on an event without a block number, the cursor as it was', () => {
    const cursor = { lastBlock: '0x5' }
    expect(newHeadsCatchUp.admit(params, cursor, { hash: anvilHeader(6).hash ?? null })).toBe(
      cursor,
    )
  })

  it('reads the blocks mined after the cursor up to the head, as newHeads headers', async () => {
    const chain = createAnvilChain({ head: 8 })
    const missed = await collect(newHeadsCatchUp.catchUp(chain.call, params, { lastBlock: '0x6' }))
    expect(missed).toEqual([anvilHeader(7), anvilHeader(8)])
    expect(chain.calls).toEqual([
      { method: 'eth_blockNumber', params: [] },
      { method: 'eth_getBlockByNumber', params: ['0x7', false] },
      { method: 'eth_getBlockByNumber', params: ['0x8', false] },
    ])
  })

  it('reads the newest 128 blocks at most', async () => {
    const chain = createAnvilChain({ head: 1000 })
    const missed = await collect(newHeadsCatchUp.catchUp(chain.call, params, { lastBlock: '0x6' }))
    expect(missed.at(0)).toEqual(anvilHeader(872))
    expect(missed.at(-1)).toEqual(anvilHeader(1000))
  })

  it('skips a block the node does not have, and reads nothing without a cursor', async () => {
    const chain = createAnvilChain({ head: 9, missing: [8] })
    expect(
      await collect(newHeadsCatchUp.catchUp(chain.call, params, { lastBlock: '0x6' })),
    ).toEqual([anvilHeader(7), anvilHeader(9)])
    const fresh = createAnvilChain({ head: 9 })
    expect(await collect(newHeadsCatchUp.catchUp(fresh.call, params, {}))).toEqual([])
    expect(fresh.calls).toEqual([])
  })
})
