import { describe, expect, it } from 'vitest'
import type { Json, NodeAnswer } from '../../rpc/types.ts'
import { readFeeMarket } from './readFeeMarket.ts'

/** A node answering each method from `answers`, recording the calls. */
function nodeOf(answers: Record<string, NodeAnswer>) {
  const calls: Array<{ method: string; params: Json[] }> = []
  const call = async (method: string, params: Json[]): Promise<NodeAnswer> => {
    calls.push({ method, params })
    const answer = answers[method]
    if (!answer) throw new Error(`unexpected ${method}`)
    return answer
  }
  return { call, calls }
}

// anvil after one empty block and one block of five transfers tipping 1, 2, 3, 4 and 5 gwei.
const anvilHistory: Json = {
  baseFeePerGas: ['0x3b9aca00', '0x3b9aca00', '0x3434cab8'],
  gasUsedRatio: [0, 0.0035],
  oldestBlock: '0x0',
  reward: [
    ['0x0', '0x0', '0x0'],
    ['0x3b9aca00', '0xb2d05e00', '0x12a05f200'],
  ],
}

// The latest block as a node answers eth_getBlockByNumber('latest', false), after London and before it.
const londonBlock: Json = {
  number: '0x2',
  baseFeePerGas: '0x3434cab8',
  gasLimit: '0x1c9c380',
  gasUsed: '0x0',
}
const legacyBlock: Json = { number: '0x2', gasLimit: '0x1c9c380', gasUsed: '0x0' }

describe('readFeeMarket', () => {
  it('asks eth_feeHistory for the last 20 blocks at the 10th, 50th and 90th percentiles', async () => {
    const { call, calls } = nodeOf({ eth_feeHistory: { result: anvilHistory } })
    await readFeeMarket(call, 21000n)
    expect(calls).toEqual([{ method: 'eth_feeHistory', params: ['0x14', 'latest', [10, 50, 90]] }])
  })

  it('sets each preset to twice the next base fee plus its percentile tip, ignoring empty blocks', async () => {
    const { call } = nodeOf({ eth_feeHistory: { result: anvilHistory } })
    const market = await readFeeMarket(call, 21000n)
    const baseFee = 0x3434cab8n
    expect(market.kind).toBe('eip1559')
    expect(market.baseFeePerGas).toBe('0x3434cab8')
    expect(market.presets.slow.fee).toEqual({
      type: 'eip1559',
      maxFeePerGas: `0x${(2n * baseFee + 1_000_000_000n).toString(16)}`,
      maxPriorityFeePerGas: '0x3b9aca00',
    })
    expect(market.presets.normal.priorityFeeGwei).toBe('3')
    expect(market.presets.fast.priorityFeeGwei).toBe('5')
    expect(market.presets.fast.maxFeeGwei).toBe('6.75175')
  })

  it('prices each preset as gas limit × max fee in ether', async () => {
    const { call } = nodeOf({ eth_feeHistory: { result: anvilHistory } })
    const market = await readFeeMarket(call, 21000n)
    expect(market.presets.fast.costWei).toBe((21000n * 6_751_750_000n).toString())
    expect(market.presets.fast.costEther).toBe('0.00014178675')
  })

  it('takes the median tip of the blocks that carried transactions', async () => {
    const { call } = nodeOf({
      eth_feeHistory: {
        result: {
          baseFeePerGas: ['0x1', '0x1', '0x1', '0x1'],
          gasUsedRatio: [0.5, 0.5, 0.5],
          reward: [
            ['0x1', '0x10', '0x100'],
            ['0x3', '0x30', '0x300'],
            ['0x2', '0x20', '0x200'],
          ],
        },
      },
    })
    const { presets } = await readFeeMarket(call, 1n)
    expect(presets.slow.fee).toMatchObject({ maxPriorityFeePerGas: '0x2' })
    expect(presets.normal.fee).toMatchObject({ maxPriorityFeePerGas: '0x20' })
    expect(presets.fast.fee).toMatchObject({ maxPriorityFeePerGas: '0x200' })
  })

  it("uses the node's eth_maxPriorityFeePerGas for every preset when no block carried a transaction", async () => {
    const { call } = nodeOf({
      eth_feeHistory: {
        result: {
          baseFeePerGas: ['0x3b9aca00', '0x3b9aca00'],
          gasUsedRatio: [0],
          oldestBlock: '0x0',
          reward: [['0x0', '0x0', '0x0']],
        },
      },
      eth_maxPriorityFeePerGas: { result: '0x3b9aca00' },
    })
    const { presets } = await readFeeMarket(call, 21000n)
    for (const preset of [presets.slow, presets.normal, presets.fast]) {
      expect(preset.fee).toEqual({
        type: 'eip1559',
        maxFeePerGas: '0xb2d05e00',
        maxPriorityFeePerGas: '0x3b9aca00',
      })
    }
  })

  it.each([
    ['has no base fee', { oldestBlock: '0x0', gasUsedRatio: [0.1], reward: [] }],
    [
      'reports a base fee of 0',
      {
        baseFeePerGas: ['0x0', '0x0'],
        gasUsedRatio: [0.1],
        oldestBlock: '0x2',
        reward: [['0x0', '0x0', '0x0']],
      },
    ],
    [
      'gives its next block a first base fee after a latest block of 0',
      {
        baseFeePerGas: ['0x0', '0x0', '0x3b9aca00'],
        gasUsedRatio: [0.1, 0.5],
        oldestBlock: '0x1',
        reward: [
          ['0x1', '0x2', '0x3'],
          ['0x1', '0x2', '0x3'],
        ],
      },
    ],
  ])(
    'uses eth_gasPrice on a chain whose history %s and whose latest block has none',
    async (_, history) => {
      const { call, calls } = nodeOf({
        eth_feeHistory: { result: history },
        eth_getBlockByNumber: { result: legacyBlock },
        eth_gasPrice: { result: '0x77359400' },
      })
      const market = await readFeeMarket(call, 21000n)
      expect(calls.map(({ method }) => method)).toEqual([
        'eth_feeHistory',
        'eth_getBlockByNumber',
        'eth_gasPrice',
      ])
      expect(calls[1]?.params).toEqual(['latest', false])
      expect(market.kind).toBe('legacy')
      expect(market.baseFeePerGas).toBeNull()
      expect(market.presets.normal).toEqual({
        fee: { type: 'legacy', gasPrice: '0x77359400' },
        maxFeeGwei: '2',
        priorityFeeGwei: null,
        costWei: '42000000000000',
        costEther: '0.000042',
      })
    },
  )

  it('uses eth_gasPrice on a chain that does not answer eth_feeHistory and whose latest block has no base fee', async () => {
    const { call } = nodeOf({
      eth_feeHistory: {
        error: { code: -32601, message: 'the method eth_feeHistory does not exist' },
      },
      eth_getBlockByNumber: { result: legacyBlock },
      eth_gasPrice: { result: '0x1' },
    })
    expect((await readFeeMarket(call, 21000n)).presets.fast.fee).toEqual({
      type: 'legacy',
      gasPrice: '0x1',
    })
  })

  it("is EIP-1559 when eth_feeHistory answers an error on a chain whose latest block has a base fee: that base fee, the node's tip", async () => {
    const { call } = nodeOf({
      eth_feeHistory: { error: { code: -32000, message: 'fee history is not available' } },
      eth_getBlockByNumber: { result: londonBlock },
      eth_maxPriorityFeePerGas: { result: '0x3b9aca00' },
      eth_gasPrice: { result: '0x1' },
    })
    const market = await readFeeMarket(call, 21000n)
    expect(market.kind).toBe('eip1559')
    expect(market.baseFeePerGas).toBe('0x3434cab8')
    for (const preset of Object.values(market.presets)) {
      expect(preset.fee).toEqual({
        type: 'eip1559',
        maxFeePerGas: `0x${(2n * 0x3434cab8n + 1_000_000_000n).toString(16)}`,
        maxPriorityFeePerGas: '0x3b9aca00',
      })
    }
  })

  it('is EIP-1559 when the history carries no base fee but the latest block does', async () => {
    const { call } = nodeOf({
      eth_feeHistory: { result: { oldestBlock: '0x0', gasUsedRatio: [0.1], reward: [] } },
      eth_getBlockByNumber: { result: londonBlock },
      eth_maxPriorityFeePerGas: { result: '0x1' },
    })
    expect((await readFeeMarket(call, 21000n)).presets.normal.fee).toEqual({
      type: 'eip1559',
      maxFeePerGas: `0x${(2n * 0x3434cab8n + 1n).toString(16)}`,
      maxPriorityFeePerGas: '0x1',
    })
  })

  it("stays EIP-1559 at a base fee of 0 with the history's tips when the latest block carries a base fee of 0", async () => {
    const { call } = nodeOf({
      eth_feeHistory: {
        result: { ...(anvilHistory as object), baseFeePerGas: ['0x0', '0x0', '0x0'] },
      },
      eth_getBlockByNumber: { result: { ...(londonBlock as object), baseFeePerGas: '0x0' } },
    })
    const market = await readFeeMarket(call, 21000n)
    expect(market.kind).toBe('eip1559')
    expect(market.baseFeePerGas).toBe('0x0')
    expect(market.presets.fast.fee).toEqual({
      type: 'eip1559',
      maxFeePerGas: '0x12a05f200',
      maxPriorityFeePerGas: '0x12a05f200',
    })
  })

  it("prices at the history's next base fee when it is above the latest block's base fee of 0", async () => {
    const { call } = nodeOf({
      eth_feeHistory: {
        result: { ...(anvilHistory as object), baseFeePerGas: ['0x0', '0x0', '0x3b9aca00'] },
      },
      eth_getBlockByNumber: { result: { ...(londonBlock as object), baseFeePerGas: '0x0' } },
    })
    const market = await readFeeMarket(call, 21000n)
    expect(market.kind).toBe('eip1559')
    expect(market.baseFeePerGas).toBe('0x3b9aca00')
    expect(market.presets.fast.fee).toEqual({
      type: 'eip1559',
      maxFeePerGas: `0x${(2n * 1_000_000_000n + 5_000_000_000n).toString(16)}`,
      maxPriorityFeePerGas: '0x12a05f200',
    })
  })

  it("throws the node's error when eth_feeHistory fails and the tip cannot be read on an EIP-1559 chain", async () => {
    const { call } = nodeOf({
      eth_feeHistory: { error: { code: -32000, message: 'fee history is not available' } },
      eth_getBlockByNumber: { result: londonBlock },
      eth_maxPriorityFeePerGas: { error: { code: -32601, message: 'no eth_maxPriorityFeePerGas' } },
      eth_gasPrice: { result: '0x1' },
    })
    await expect(readFeeMarket(call, 21000n)).rejects.toMatchObject({
      error: { code: -32601, message: 'no eth_maxPriorityFeePerGas' },
    })
  })

  it("throws the node's error when neither the history nor the latest block can be read", async () => {
    const { call } = nodeOf({
      eth_feeHistory: { error: { code: -32601, message: 'no eth_feeHistory' } },
      eth_getBlockByNumber: { error: { code: -32000, message: 'header not found' } },
      eth_gasPrice: { result: '0x1' },
    })
    await expect(readFeeMarket(call, 21000n)).rejects.toMatchObject({
      error: { code: -32000, message: 'header not found' },
    })
  })

  it("throws the node's error when the gas price of a legacy chain cannot be read", async () => {
    const { call } = nodeOf({
      eth_feeHistory: { error: { code: -32601, message: 'no eth_feeHistory' } },
      eth_getBlockByNumber: { result: legacyBlock },
      eth_gasPrice: { error: { code: -32000, message: 'header not found' } },
    })
    await expect(readFeeMarket(call, 21000n)).rejects.toMatchObject({
      error: { code: -32000, message: 'header not found' },
    })
  })
})
