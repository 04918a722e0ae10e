import { describe, expect, it } from 'vitest'
import type { Json, NodeAnswer } from '../../rpc/types.ts'
import { maxCostOfQuote } from './quoteSend.ts'
import { quoteWalletSend } from './quoteWalletSend.ts'

const first = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const second = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A node with a 1 gwei base fee and tip; records each `eth_estimateGas` call. */
function ports() {
  const estimated: Json[] = []
  const answers: Record<string, (params: Json[]) => Json> = {
    eth_getBalance: () => '0xde0b6b3a7640000',
    eth_getTransactionCount: () => '0x0',
    eth_estimateGas: (params) => {
      estimated.push(params[0] ?? null)
      return '0x5208'
    },
    eth_feeHistory: () => ({ baseFeePerGas: ['0x3b9aca00', '0x3b9aca00'] }),
    eth_maxPriorityFeePerGas: () => '0x3b9aca00',
  }
  const call = async (method: string, params: Json[]): Promise<NodeAnswer> => {
    const answer = answers[method]
    return answer ? { result: answer(params) } : { error: { code: -32601, message: method } }
  }
  return {
    estimated,
    ports: {
      node: () => call,
      ownAddresses: async () => [first, second],
      hasNetwork: async (chainId: string) => chainId === 'eip155:31337',
    },
  }
}

const draft = { chainId: 'eip155:31337', from: first, asset: 'native', to: '', amount: '' } as const

describe('quoteWalletSend', () => {
  it('quotes the gas the confirmation estimates and the fee presets for it', async () => {
    const { ports: quotePorts } = ports()
    const quote = await quoteWalletSend(quotePorts, draft)
    expect(quote).toMatchObject({ namespace: 'eip155', gas: '0x6270' })
    // normal: 2 × base fee + tip = 3 gwei, for 25,200 gas.
    expect(maxCostOfQuote(quote)).toBe(25_200n * 3_000_000_000n)
  })

  it('quotes a send to the sender itself while the recipient is not valid yet', async () => {
    const { ports: quotePorts, estimated } = ports()
    await quoteWalletSend(quotePorts, { ...draft, to: '0x7099' })
    await quoteWalletSend(quotePorts, { ...draft, to: second.toLowerCase() })
    expect(estimated).toMatchObject([{ to: first }, { to: second }])
  })

  it('refuses an account that is not the wallet’s', async () => {
    const { ports: quotePorts } = ports()
    await expect(
      quoteWalletSend(quotePorts, { ...draft, from: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }),
    ).rejects.toMatchObject({ code: 'invalid_fields' })
  })
})
