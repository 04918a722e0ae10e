import { describe, expect, it } from 'vitest'
import type { Json } from '../rpc/types.ts'
import { readBalances } from './readBalances.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('readBalances', () => {
  it('reads every balance at the same (latest) block number', async () => {
    const calls: Array<{ method: string; params: Json[] }> = []
    const balances = await readBalances(
      async (method, params) => {
        calls.push({ method, params })
        if (method === 'eth_blockNumber') return { result: '0x1f' }
        return { result: params[0] === alice ? '0x21e19e0c9bab2400000' : '0x0' }
      },
      [alice, bob],
    )
    expect(balances).toEqual({
      blockNumber: '31',
      balances: { [alice]: '10000000000000000000000', [bob]: '0' },
    })
    expect(calls.slice(1).map(({ params }) => params[1])).toEqual(['0x1f', '0x1f'])
  })

  it("throws the node's error", async () => {
    await expect(
      readBalances(async () => ({ error: { code: -32005, message: 'rate limited' } }), [alice]),
    ).rejects.toMatchObject({ error: { code: -32005 } })
  })
})
