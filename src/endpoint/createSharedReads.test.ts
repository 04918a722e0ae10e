import { describe, expect, it, vi } from 'vitest'
import { sharedReadMethods } from '../core/eth/methods.ts'
import { solanaSharedReadMethods } from '../core/solana/methods.ts'
import { createSharedReads, maxSharedTextLength } from './createSharedReads.ts'
import { paramsTextOf, type UpstreamAnswer } from './createUpstreamClient.ts'

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A node stand-in whose answers wait until `answer()` is called; it counts what it is asked. */
function pendingNode() {
  const asked: string[] = []
  const waiting: Array<(answer: UpstreamAnswer) => void> = []
  const failing: Array<(error: unknown) => void> = []
  return {
    asked,
    ask: (method: string, params: unknown) => () => {
      asked.push(`${method} ${JSON.stringify(params)}`)
      return new Promise<UpstreamAnswer>((resolve, reject) => {
        waiting.push(resolve)
        failing.push(reject)
      })
    },
    answer(index: number, answer: UpstreamAnswer) {
      waiting[index]?.(answer)
    },
    fail(index: number, error: unknown) {
      failing[index]?.(error)
    },
  }
}

function sharing() {
  const shared: string[] = []
  const sharedReads = createSharedReads({
    methods: new Set(sharedReadMethods),
    onShared: (method) => shared.push(method),
  })
  /** A read as the handler makes it: keyed by its params' text. */
  const reads = (
    method: string,
    params: unknown,
    ask: (paramsText: string) => Promise<UpstreamAnswer>,
  ) => sharedReads(method, paramsTextOf(params), ask)
  return { reads, shared }
}

/** Lets the promise chains run (the first read starts in a microtask). */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('createSharedReads', () => {
  it('asks the node once for identical reads in flight, and gives every caller the answer', async () => {
    const node = pendingNode()
    const { reads, shared } = sharing()
    const params = [account, 'latest']
    const calls = [1, 2, 3].map(() =>
      reads('eth_getBalance', params, node.ask('eth_getBalance', params)),
    )
    await settle()
    node.answer(0, { result: '0x21e19e0c9bab2400000' })
    const answers = await Promise.all(calls)
    expect(node.asked).toEqual([`eth_getBalance ${JSON.stringify(params)}`])
    expect(shared).toEqual(['eth_getBalance', 'eth_getBalance'])
    for (const answer of answers) expect(answer).toEqual({ resultText: '"0x21e19e0c9bab2400000"' })
  })

  it('asks the node with the very text the read was keyed by, shared or not', async () => {
    const { reads } = sharing()
    const texts: string[] = []
    const ask = (paramsText: string) => {
      texts.push(paramsText)
      return Promise.resolve({ result: '0x1' })
    }
    const keyed = `["${account}",  "latest"]`
    await reads('eth_getBalance', [account, 'latest'], ask)
    await createSharedReads({ methods: new Set(), onShared: () => {} })('x', keyed, ask)
    await createSharedReads({ methods: new Set(['x']), onShared: () => {} })('x', keyed, ask)
    expect(texts).toEqual([JSON.stringify([account, 'latest']), keyed, keyed])
  })

  it('hands every caller of a small shared result its JSON text, serialized once', async () => {
    const node = pendingNode()
    const { reads } = sharing()
    const params = ['0x10', false]
    const calls = [1, 2, 3].map(() =>
      reads('eth_getBlockByNumber', params, node.ask('eth_getBlockByNumber', params)),
    )
    await settle()
    const block = { number: '0x10', transactions: ['0xab'.padEnd(66, '0')] }
    const stringify = vi.spyOn(JSON, 'stringify')
    node.answer(0, { result: block })
    const answers = await Promise.all(calls)
    const serialized = stringify.mock.calls.filter(([value]) => value === block).length
    stringify.mockRestore()
    for (const answer of answers) expect(answer).toEqual({ resultText: JSON.stringify(block) })
    expect(serialized).toBe(1)
  })

  it('hands every caller of a large shared result the same bytes, serialized once', async () => {
    const node = pendingNode()
    const { reads } = sharing()
    const params = ['0x10', true]
    const calls = [1, 2].map(() =>
      reads('eth_getBlockByNumber', params, node.ask('eth_getBlockByNumber', params)),
    )
    await settle()
    const transactions = Array.from({ length: 64 }, () => '0xab'.padEnd(66, '0'))
    node.answer(0, { result: { number: '0x10', transactions } })
    const [first, second] = (await Promise.all(calls)) as Array<{ rawResult: Buffer[] }>
    expect(first?.rawResult[0]?.length).toBeGreaterThan(maxSharedTextLength)
    expect(first?.rawResult[0]).toBe(second?.rawResult[0])
  })

  it('gives a raw result to every caller as the same pieces, never copied', async () => {
    const node = pendingNode()
    const { reads } = sharing()
    const filter = [{ fromBlock: '0x1', toBlock: '0x2' }]
    const calls = [1, 2].map(() => reads('eth_getLogs', filter, node.ask('eth_getLogs', filter)))
    await settle()
    const pieces = [Buffer.from('[{"logIndex":"0x0"'), Buffer.from('}]')]
    node.answer(0, { rawResult: pieces })
    for (const answer of await Promise.all(calls)) {
      expect((answer as { rawResult: Buffer[] }).rawResult[0]).toBe(pieces[0])
    }
  })

  it('keeps a lone caller’s answer as the node gave it', async () => {
    const node = pendingNode()
    const { reads, shared } = sharing()
    const call = reads('eth_blockNumber', [], node.ask('eth_blockNumber', []))
    await settle()
    node.answer(0, { result: '0x5' })
    expect(await call).toEqual({ result: '0x5' })
    expect(shared).toEqual([])
  })

  it('asks again for a read made after the answer came: nothing is kept', async () => {
    const node = pendingNode()
    const { reads } = sharing()
    const params = [account, 'latest']
    const first = reads('eth_getBalance', params, node.ask('eth_getBalance', params))
    await settle()
    node.answer(0, { result: '0x1' })
    expect(await first).toEqual({ result: '0x1' })
    const second = reads('eth_getBalance', params, node.ask('eth_getBalance', params))
    await settle()
    node.answer(1, { result: '0x2' })
    expect(await second).toEqual({ result: '0x2' })
    expect(node.asked).toHaveLength(2)
  })

  it('shares nothing between reads that differ in params, block tag or method', async () => {
    const node = pendingNode()
    const { reads, shared } = sharing()
    const asks: Array<[string, unknown[]]> = [
      ['eth_getBalance', [account, 'latest']],
      ['eth_getBalance', [other, 'latest']],
      ['eth_getBalance', [account, 'pending']],
      ['eth_getBalance', [account, '0x1']],
      ['eth_getTransactionCount', [account, 'latest']],
    ]
    const calls = asks.map(([method, params]) => reads(method, params, node.ask(method, params)))
    await settle()
    for (const index of asks.keys()) node.answer(index, { result: `0x${index}` })
    expect(await Promise.all(calls)).toEqual(asks.map((_, index) => ({ result: `0x${index}` })))
    expect(node.asked).toHaveLength(5)
    expect(shared).toEqual([])
  })

  it('never shares a call that sends, nor one on a key’s filter', async () => {
    const node = pendingNode()
    const { reads, shared } = sharing()
    const own: Array<[string, unknown[]]> = [
      ['eth_sendRawTransaction', ['0x02f86c']],
      ['eth_getFilterChanges', ['0x1']],
      ['eth_getFilterLogs', ['0x1']],
      ['eth_newBlockFilter', []],
      ['eth_uninstallFilter', ['0x1']],
    ]
    for (const [method, params] of [...own, ...own]) {
      void reads(method, params, node.ask(method, params))
    }
    await settle()
    expect(node.asked).toHaveLength(10)
    expect(shared).toEqual([])
  })

  it('fails every caller of the failed read, and only them', async () => {
    const node = pendingNode()
    const { reads } = sharing()
    const slow = [{ fromBlock: '0x0', toBlock: '0xfffff' }]
    const quick = [{ fromBlock: '0x1', toBlock: '0x1' }]
    const failed = [1, 2].map(() => reads('eth_getLogs', slow, node.ask('eth_getLogs', slow)))
    const other = reads('eth_getLogs', quick, node.ask('eth_getLogs', quick))
    await settle()
    node.fail(0, new Error('query timeout exceeded'))
    node.answer(1, { result: [] })
    for (const call of failed) await expect(call).rejects.toThrow('query timeout exceeded')
    expect(await other).toEqual({ result: [] })
    // The failure is not kept either: the next identical read asks again.
    const again = reads('eth_getLogs', slow, node.ask('eth_getLogs', slow))
    await settle()
    node.answer(2, { result: [] })
    expect(await again).toEqual({ result: [] })
  })

  it('gives an error answer only to the callers of that same read', async () => {
    const node = pendingNode()
    const { reads } = sharing()
    const bad = [{ to: account, data: '0xdead' }, 'latest']
    const good = [{ to: account, data: '0xbeef' }, 'latest']
    const errored = [1, 2].map(() => reads('eth_call', bad, node.ask('eth_call', bad)))
    const fine = reads('eth_call', good, node.ask('eth_call', good))
    await settle()
    const error = { code: 3, message: 'execution reverted', data: '0x' }
    node.answer(0, { error })
    node.answer(1, { result: '0x01' })
    for (const answer of await Promise.all(errored)) expect(answer).toEqual({ error })
    expect(await fine).toEqual({ result: '0x01' })
  })

  it('shares a read that fails at once as well, and forgets it', async () => {
    const { reads } = sharing()
    const params = [account, 'latest']
    let asked = 0
    const throwing = () => {
      asked++
      throw new Error('upstream down')
    }
    const calls = [1, 2].map(() => reads('eth_getBalance', params, throwing))
    for (const call of calls) await expect(call).rejects.toThrow('upstream down')
    expect(asked).toBe(1)
    await expect(reads('eth_getBalance', params, throwing)).rejects.toThrow('upstream down')
    expect(asked).toBe(2)
  })

  it('asks at once while nobody joins, and at the end of the turn once calls have joined the last read', async () => {
    const node = pendingNode()
    const { reads } = sharing()
    const params = [account, 'latest']
    const ask = node.ask('eth_getBalance', params)

    const alone = reads('eth_getBalance', params, ask)
    expect(node.asked).toHaveLength(1)
    node.answer(0, { result: '0x1' })
    await alone
    const first = [1, 2].map(() => reads('eth_getBalance', params, ask))
    expect(node.asked).toHaveLength(2)
    node.answer(1, { result: '0x2' })
    await Promise.all(first)

    // Calls joined the last read: the next one waits for the turn's end, and who comes meanwhile joins it.
    const next = reads('eth_getBalance', params, ask)
    expect(node.asked).toHaveLength(2)
    const meanwhile = reads('eth_getBalance', params, ask)
    await settle()
    expect(node.asked).toHaveLength(3)
    node.answer(2, { result: '0x3' })
    expect(await Promise.all([next, meanwhile])).toEqual([
      { resultText: '"0x3"' },
      { resultText: '"0x3"' },
    ])

    // That one was joined too; one nobody joins puts the next back to asking at once.
    const lone = reads('eth_getBalance', params, ask)
    await settle()
    node.answer(3, { result: '0x4' })
    await lone
    reads('eth_getBalance', params, ask)
    expect(node.asked).toHaveLength(5)
  })
})

describe('the methods shared', () => {
  it('are the EVM reads, not sending, filters or subscriptions', () => {
    expect(sharedReadMethods).toContain('eth_getBalance')
    expect(sharedReadMethods).toContain('eth_call')
    expect(sharedReadMethods).toContain('eth_getLogs')
    for (const method of [
      'eth_sendRawTransaction',
      'eth_newFilter',
      'eth_newBlockFilter',
      'eth_getFilterChanges',
      'eth_getFilterLogs',
      'eth_uninstallFilter',
      'eth_subscribe',
      'eth_unsubscribe',
    ]) {
      expect(sharedReadMethods).not.toContain(method)
    }
  })

  it('are the Solana reads, not sending, airdrops or subscriptions', () => {
    expect(solanaSharedReadMethods).toContain('getBalance')
    expect(solanaSharedReadMethods).toContain('getBlock')
    for (const method of ['sendTransaction', 'requestAirdrop', 'accountSubscribe']) {
      expect(solanaSharedReadMethods as readonly string[]).not.toContain(method)
    }
  })
})
