import { describe, expect, it } from 'vitest'
import type { Json, NodeAnswer } from '../rpc/types.ts'
import type { NodeCall } from './nodeCall.ts'
import { revertReason, simulateCalls } from './simulateCalls.ts'

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const word = (address: string) => `0x000000000000000000000000${address.slice(2).toLowerCase()}`
/** `Error("TestToken: transfer amount exceeds balance")`, as anvil returned it. */
const revertData =
  '0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000002a54657374546f6b656e3a207472616e7366657220616d6f756e7420657863656564732062616c616e636500000000000000000000000000000000000000000000'

/** The calls of anvil 1.7.1's `eth_simulateV1` answer: an ether transfer, a token transfer, a revert. */
const simulatedBlock: { number: string; calls: Json[] } = {
  number: '0x1',
  calls: [
    {
      returnData: '0x',
      logs: [
        {
          address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
          topics: [transferTopic, word(account), word(other)],
          data: '0x0000000000000000000000000000000000000000000000000de0b6b3a7640000',
        },
      ],
      gasUsed: '0x5208',
      status: '0x1',
    },
    {
      returnData: '0x0000000000000000000000000000000000000000000000000000000000000001',
      logs: [
        {
          address: token.toLowerCase(),
          topics: [transferTopic, word(account), word(other)],
          data: '0x0000000000000000000000000000000000000000000000000de0b6b3a7640000',
        },
      ],
      gasUsed: '0xc9e9',
      status: '0x1',
    },
    {
      returnData: revertData,
      logs: [],
      gasUsed: '0x5f5a',
      status: '0x0',
      error: { code: -3200, message: 'execution failed' },
    },
  ],
}

const calls = [
  { from: account, to: other, value: '0xde0b6b3a7640000', data: '0x' },
  { from: account, to: token, value: '0x0', data: '0xa9059cbb' },
  { from: account, to: token, value: '0x0', data: '0xa9059cbb' },
] as const

const nodeWith = (answers: Record<string, NodeAnswer | Error>) => {
  const seen: string[] = []
  const call: NodeCall = async (method) => {
    seen.push(method)
    const answer = answers[method]
    if (answer instanceof Error) throw answer
    if (!answer) throw new Error(`unexpected ${method}`)
    return answer
  }
  return { call, seen }
}

describe('simulateCalls', () => {
  it("reports each call's outcome and the account's ether and token balance changes", async () => {
    const { call } = nodeWith({ eth_simulateV1: { result: [simulatedBlock] } })
    expect(await simulateCalls({ account, calls: [...calls], call })).toEqual({
      kind: 'simulated',
      calls: [
        { ok: true },
        { ok: true },
        { ok: false, reason: 'TestToken: transfer amount exceeds balance' },
      ],
      changes: [{ delta: '-1000000000000000000' }, { token, delta: '-1000000000000000000' }],
    })
  })

  it('asks for the whole batch in one block, with traced transfers, on the latest state', async () => {
    let sent: unknown
    const call: NodeCall = async (method, params) => {
      sent = { method, params }
      return { result: [{ calls: simulatedBlock.calls.slice(0, 1) }] }
    }
    await simulateCalls({ account, calls: [calls[0]], call })
    expect(sent).toEqual({
      method: 'eth_simulateV1',
      params: [
        {
          blockStateCalls: [
            { calls: [{ from: account, to: other, value: '0xde0b6b3a7640000', data: '0x' }] },
          ],
          traceTransfers: true,
          validation: false,
        },
        'latest',
      ],
    })
  })

  it('counts transfers to the account as gains', async () => {
    const incoming = {
      returnData: '0x',
      logs: [
        {
          address: token.toLowerCase(),
          topics: [transferTopic, word(other), word(account)],
          data: '0x0000000000000000000000000000000000000000000000000de0b6b3a7640000',
        },
      ],
      gasUsed: '0xc9e9',
      status: '0x1',
    }
    const { call } = nodeWith({ eth_simulateV1: { result: [{ calls: [incoming] }] } })
    const outcome = await simulateCalls({ account, calls: [calls[1]], call })
    expect(outcome).toMatchObject({ changes: [{ token, delta: '1000000000000000000' }] })
  })

  it('falls back to eth_call per call when the node has no eth_simulateV1, and says why', async () => {
    const { call, seen } = nodeWith({
      eth_simulateV1: {
        error: { code: -32601, message: 'the method eth_simulateV1 does not exist' },
      },
      eth_call: {
        error: {
          code: 3,
          message: 'execution reverted: TestToken: transfer amount exceeds balance',
          data: revertData,
        },
      },
    })
    expect(await simulateCalls({ account, calls: [calls[2]], call })).toEqual({
      kind: 'call-only',
      calls: [{ ok: false, reason: 'TestToken: transfer amount exceeds balance' }],
      simulateError: '-32601 the method eth_simulateV1 does not exist',
    })
    expect(seen).toEqual(['eth_simulateV1', 'eth_call'])
  })

  it('is unavailable, not thrown, when the node cannot be reached', async () => {
    const { call } = nodeWith({
      eth_simulateV1: new Error('http://127.0.0.1:9/v3/dev is unreachable'),
    })
    expect(await simulateCalls({ account, calls: [calls[0]], call })).toEqual({
      kind: 'unavailable',
      error: 'http://127.0.0.1:9/v3/dev is unreachable',
    })
  })
})

describe('revertReason', () => {
  it('decodes Error(string)', () => {
    expect(revertReason(revertData, 'execution reverted')).toBe(
      'TestToken: transfer amount exceeds balance',
    )
  })

  it('decodes Panic(uint256)', () => {
    const panic = `0x4e487b71${'11'.padStart(64, '0')}`
    expect(revertReason(panic, 'execution reverted')).toBe('panic 0x11')
  })

  it('names a custom error by its selector', () => {
    expect(revertReason('0xdeadbeef', 'execution reverted')).toBe(
      'execution reverted (custom error 0xdeadbeef)',
    )
  })

  it("keeps the node's message when there is no revert data", () => {
    expect(revertReason(undefined, 'insufficient funds for gas * price + value')).toBe(
      'insufficient funds for gas * price + value',
    )
  })
})
