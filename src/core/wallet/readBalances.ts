import type { Address } from 'viem'
import type { NodeCall } from '../eth/nodeCall.ts'
import { nodeResult } from '../eth/nodeCall.ts'
import { readQuantity } from '../eth/quantity.ts'

/** The accounts' native balances at one block, in wei as decimal strings (JSON-safe). */
export type Balances = { blockNumber: string; balances: Record<Address, string> }

/**
 * The native balance of each account at the chain's latest block, all read at that same block
 * number so they are consistent with each other. Node errors are thrown (`NodeAnswerError`).
 *
 * @example await readBalances(call, ['0xf39F…2266']) // { blockNumber: '12', balances: { '0xf39F…2266': '10000000000000000000000' } }
 */
export async function readBalances(call: NodeCall, accounts: Address[]): Promise<Balances> {
  const head = readQuantity(await nodeResult(call, 'eth_blockNumber', []))
  if (head === undefined) throw new Error('the node answered eth_blockNumber with no number')
  const block = `0x${head.toString(16)}`
  const entries = await Promise.all(
    accounts.map(async (account) => {
      const balance = readQuantity(await nodeResult(call, 'eth_getBalance', [account, block]))
      return [account, (balance ?? 0n).toString()] as const
    }),
  )
  return { blockNumber: head.toString(), balances: Object.fromEntries(entries) }
}
