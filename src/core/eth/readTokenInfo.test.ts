import { encodeAbiParameters, encodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import type { NodeCall } from './nodeCall.ts'
import { readTokenInfo } from './readTokenInfo.ts'

const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const symbolCall = encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' })

/** A token answering `symbol()` and `decimals()` with ABI-encoded values. */
const tokenNode =
  (symbol: string, decimals: number): NodeCall =>
  async (_method, params) => {
    const data = (params[0] as { data: string }).data
    return {
      result:
        data === symbolCall
          ? encodeAbiParameters([{ type: 'string' }], [symbol])
          : encodeAbiParameters([{ type: 'uint8' }], [decimals]),
    }
  }

describe('readTokenInfo', () => {
  it("reads an ERC-20 token's symbol and decimals", async () => {
    expect(await readTokenInfo(tokenNode('TST', 18), token)).toEqual({
      address: token,
      symbol: 'TST',
      decimals: 18,
    })
  })

  it('cuts a symbol to 12 plain characters', async () => {
    const info = await readTokenInfo(tokenNode('VISIT https://scam.example NOW', 6), token)
    expect(info?.symbol).toBe('VISIThttpssc')
  })

  it('is undefined for an account or contract that is not a token', async () => {
    const empty: NodeCall = async () => ({ result: '0x' })
    expect(await readTokenInfo(empty, token)).toBeUndefined()
  })

  it('is undefined when the calls revert', async () => {
    const reverting: NodeCall = async () => ({ error: { code: 3, message: 'execution reverted' } })
    expect(await readTokenInfo(reverting, token)).toBeUndefined()
  })
})
