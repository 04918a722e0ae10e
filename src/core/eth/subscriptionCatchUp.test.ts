import { describe, expect, it } from 'vitest'
import { subscriptionCatchUp } from './subscriptionCatchUp.ts'
import { anvilHeader, anvilLog, collect, createAnvilChain, emitter } from './testing/anvilChain.ts'

describe('subscriptionCatchUp (eip155)', () => {
  it('resumes newHeads with the blocks and logs with their logs', async () => {
    const chain = createAnvilChain({ head: 12, logs: [anvilLog(12, 0)] })
    const cursor = { lastBlock: '0xb' }
    expect(await collect(subscriptionCatchUp.catchUp(chain.call, ['newHeads'], cursor))).toEqual([
      anvilHeader(12),
    ])
    expect(
      await collect(
        subscriptionCatchUp.catchUp(chain.call, ['logs', { address: emitter }], cursor),
      ),
    ).toEqual([anvilLog(12, 0)])
    expect(await subscriptionCatchUp.start(chain.call, ['logs', {}])).toEqual({ lastBlock: '0xc' })
  })

  it('delivers other kinds live only: no cursor, every event, nothing read', async () => {
    const chain = createAnvilChain({ head: 12 })
    for (const kind of ['newPendingTransactions', 'constructor', 42]) {
      expect(await subscriptionCatchUp.start(chain.call, [kind])).toEqual({})
      const cursor = {}
      expect(subscriptionCatchUp.admit([kind], cursor, anvilHeader(12))).toBe(cursor)
      expect(
        await collect(subscriptionCatchUp.catchUp(chain.call, [kind], { lastBlock: '0x1' })),
      ).toEqual([])
    }
    expect(chain.calls).toEqual([])
  })
})
