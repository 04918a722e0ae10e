import { describe, expect, it } from 'vitest'
import type { Json, NodeAnswer } from '../rpc/types.ts'
import { fallbackGasLimit, fillTransaction, maxCostOf } from './fillTransaction.ts'
import { NodeAnswerError, type NodeCall } from './nodeCall.ts'
import type { TransactionRequest } from './parseTransactionParams.ts'

const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const transfer: TransactionRequest = { from, to, value: '0xde0b6b3a7640000', data: '0x' }

/** A node that answers each method from a table (as anvil answered them) and records the calls. */
function node(answers: Record<string, NodeAnswer>) {
  const calls: Array<{ method: string; params: Json[] }> = []
  const call: NodeCall = async (method, params) => {
    calls.push({ method, params })
    const answer = answers[method]
    if (!answer) throw new Error(`unexpected ${method}`)
    return answer
  }
  return { call, calls }
}

const anvil = {
  eth_getTransactionCount: { result: '0x3' },
  eth_estimateGas: { result: '0x5208' },
  eth_feeHistory: {
    result: {
      baseFeePerGas: ['0x3b9aca00', '0x345bf239'],
      gasUsedRatio: [0.01],
      oldestBlock: '0x1',
      reward: [],
    },
  },
  eth_maxPriorityFeePerGas: { result: '0x3b9aca00' },
} satisfies Record<string, NodeAnswer>

describe('fillTransaction', () => {
  it('fills nonce from the pending count, gas with a 20% margin, EIP-1559 fees and the chain id', async () => {
    const { call, calls } = node(anvil)
    const { transaction: filled, fees } = await fillTransaction({
      request: transfer,
      chainId: 31337n,
      call,
    })
    expect(fees.choice).toBe('normal')
    expect(filled).toEqual({
      ...transfer,
      chainId: '0x7a69',
      nonce: '0x3',
      gas: '0x6270', // 21000 + 20% = 25200
      type: 'eip1559',
      maxFeePerGas: `0x${(2n * 0x345bf239n + 0x3b9aca00n).toString(16)}`,
      maxPriorityFeePerGas: '0x3b9aca00',
    })
    expect(calls).toContainEqual({ method: 'eth_getTransactionCount', params: [from, 'pending'] })
    expect(calls).toContainEqual({
      method: 'eth_estimateGas',
      params: [{ from, to, value: '0xde0b6b3a7640000', data: '0x' }],
    })
  })

  it('keeps every field the dapp set, its own fees offered as the custom default', async () => {
    const { call, calls } = node(anvil)
    const request: TransactionRequest = {
      ...transfer,
      nonce: '0x9',
      gas: '0x7530',
      maxFeePerGas: '0x77359400',
      maxPriorityFeePerGas: '0x1',
    }
    const { transaction, fees } = await fillTransaction({ request, chainId: 31337n, call })
    expect(transaction).toEqual({ ...request, chainId: '0x7a69', type: 'eip1559' })
    expect(fees).toMatchObject({
      choice: 'custom',
      custom: { maxFeeGwei: '2', priorityFeeGwei: '0.000000001' },
    })
    expect(calls.map(({ method }) => method)).not.toContain('eth_getTransactionCount')
    expect(calls.map(({ method }) => method)).not.toContain('eth_estimateGas')
  })

  it("offers a dapp's legacy gasPrice as a custom fee of that max and priority", async () => {
    const { call } = node(anvil)
    const { transaction, fees } = await fillTransaction({
      request: { ...transfer, gasPrice: '0x4a817c800' },
      chainId: 31337n,
      call,
    })
    expect(transaction).toMatchObject({
      type: 'eip1559',
      maxFeePerGas: '0x4a817c800',
      maxPriorityFeePerGas: '0x4a817c800',
    })
    expect(transaction.gasPrice).toBeUndefined()
    expect(fees).toMatchObject({
      choice: 'custom',
      custom: { maxFeeGwei: '20', priorityFeeGwei: '20' },
    })
  })

  it('uses eth_gasPrice on a chain without base fee', async () => {
    const { call } = node({
      ...anvil,
      eth_feeHistory: { result: { oldestBlock: '0x1', reward: [], gasUsedRatio: [0] } },
      eth_getBlockByNumber: { result: { number: '0x1', gasLimit: '0x1c9c380' } },
      eth_gasPrice: { result: '0x3b9aca00' },
    })
    const { transaction } = await fillTransaction({ request: transfer, chainId: 31337n, call })
    expect(transaction).toMatchObject({ type: 'legacy', gasPrice: '0x3b9aca00' })
  })

  it('lowers the suggested tip to a max fee the dapp set below it', async () => {
    const { call } = node(anvil)
    const { transaction } = await fillTransaction({
      request: { ...transfer, maxFeePerGas: '0x100' },
      chainId: 31337n,
      call,
    })
    expect(transaction).toMatchObject({ maxFeePerGas: '0x100', maxPriorityFeePerGas: '0x100' })
  })

  it('uses the next nonce of a batch instead of asking the node', async () => {
    const { call, calls } = node(anvil)
    const { transaction } = await fillTransaction({
      request: transfer,
      chainId: 31337n,
      call,
      nonce: 5n,
    })
    expect(transaction.nonce).toBe('0x5')
    expect(calls.map(({ method }) => method)).not.toContain('eth_getTransactionCount')
  })

  it('shows a reverting call with the fallback gas limit and the node error', async () => {
    const revert = {
      code: 3,
      message: 'execution reverted: TestToken: transfer amount exceeds balance',
      data: '0x08c379a0',
    }
    const { call } = node({ ...anvil, eth_estimateGas: { error: revert } })
    const { transaction } = await fillTransaction({ request: transfer, chainId: 31337n, call })
    expect(transaction.gas).toBe(`0x${fallbackGasLimit.toString(16)}`)
    expect(transaction.estimateError).toEqual(revert)
  })

  it('throws the node error of the nonce query verbatim', async () => {
    const error = { code: -32005, message: 'project ID request rate exceeded' }
    const { call } = node({ ...anvil, eth_getTransactionCount: { error } })
    const failure = await fillTransaction({ request: transfer, chainId: 31337n, call }).catch(
      (thrown: unknown) => thrown,
    )
    expect(failure).toBeInstanceOf(NodeAnswerError)
    expect((failure as NodeAnswerError).error).toEqual(error)
  })

  it("prices a chain whose node refuses eth_feeHistory by its latest block's base fee, never as legacy", async () => {
    const error = {
      code: -32601,
      message: 'the method eth_feeHistory does not exist/is not available',
    }
    const { call } = node({
      ...anvil,
      eth_feeHistory: { error },
      eth_getBlockByNumber: { result: { number: '0x1', baseFeePerGas: '0x3b9aca00' } },
      eth_gasPrice: { result: '0x1' },
    })
    const { transaction } = await fillTransaction({ request: transfer, chainId: 31337n, call })
    expect(transaction).toMatchObject({
      type: 'eip1559',
      maxFeePerGas: '0xb2d05e00',
      maxPriorityFeePerGas: '0x3b9aca00',
    })
    expect(transaction.gasPrice).toBeUndefined()
  })

  it('throws the node error verbatim when neither the fee history nor the latest block can be read', async () => {
    const error = { code: -32000, message: 'header not found' }
    const { call } = node({
      ...anvil,
      eth_feeHistory: { error: { code: -32601, message: 'no eth_feeHistory' } },
      eth_getBlockByNumber: { error },
      eth_gasPrice: { result: '0x1' },
    })
    const failure = await fillTransaction({ request: transfer, chainId: 31337n, call }).catch(
      (thrown: unknown) => thrown,
    )
    expect(failure).toBeInstanceOf(NodeAnswerError)
    expect((failure as NodeAnswerError).error).toEqual(error)
  })
})

describe('maxCostOf', () => {
  it('is gas limit × max fee, plus the value', () => {
    expect(
      maxCostOf({
        ...transfer,
        chainId: '0x7a69',
        nonce: '0x0',
        gas: '0x5208',
        type: 'eip1559',
        maxFeePerGas: '0x3b9aca00',
        maxPriorityFeePerGas: '0x1',
      }),
    ).toEqual({ fee: 21000n * 10n ** 9n, total: 21000n * 10n ** 9n + 10n ** 18n })
  })
})
