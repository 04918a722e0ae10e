import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import type { NodeCall } from '../eth/nodeCall.ts'
import type { NodeAnswer } from '../rpc/types.ts'
import { fromBase58, isSolanaAddress } from './base58.ts'
import { toBase64 } from './base64.ts'
import { decodeTransaction } from './decodeTransaction.ts'
import {
  type AccountState,
  previewFromSimulation,
  previewTransaction,
} from './previewTransaction.ts'
import { lookupTableTransaction } from './testing/lookupTableTransaction.ts'

const user = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const other = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk'
const mint = 'So11111111111111111111111111111111111111112'
const tokenAccountAddress = 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD'

/** A token account's 165 bytes: mint, owner, amount (u64 LE), the rest zero. */
const tokenAccountData = (owner: string, amount: bigint): Uint8Array => {
  const data = new Uint8Array(165)
  data.set(fromBase58(mint), 0)
  data.set(fromBase58(owner), 32)
  new DataView(data.buffer).setBigUint64(64, amount, true)
  return data
}
const system = (lamports: bigint): AccountState => ({
  lamports,
  owner: '11111111111111111111111111111111',
  data: new Uint8Array(),
})
const asNodeAccount = (state: AccountState) => ({
  lamports: Number(state.lamports),
  owner: state.owner,
  data: [toBase64(state.data), 'base64'],
})

describe('previewFromSimulation', () => {
  it("gives the user's lamport change and ignores other accounts' SOL", () => {
    const preview = previewFromSimulation({
      user,
      addresses: [user, other],
      before: [system(2_000_000_000n), system(0n)],
      simulation: {
        err: null,
        logs: ['Program 11111111111111111111111111111111 success'],
        accounts: [asNodeAccount(system(1_499_995_000n)), asNodeAccount(system(500_000_000n))],
      },
    })
    expect(preview).toEqual({
      kind: 'simulated',
      lamportsChange: '-500005000',
      tokenChanges: [],
      logs: ['Program 11111111111111111111111111111111 success'],
    })
  })

  it("gives the change of each token account the user owns, with the mint's decimals", () => {
    const before = {
      lamports: 2_039_280n,
      owner: TOKEN_PROGRAM_ADDRESS,
      data: tokenAccountData(user, 1_000n),
    }
    const after = { ...before, data: tokenAccountData(user, 400n) }
    const othersBefore = { ...before, data: tokenAccountData(other, 0n) }
    const othersAfter = { ...before, data: tokenAccountData(other, 600n) }
    const preview = previewFromSimulation({
      user,
      addresses: [user, tokenAccountAddress, other],
      before: [system(1n), before, othersBefore],
      simulation: {
        err: null,
        logs: [],
        accounts: [asNodeAccount(system(1n)), asNodeAccount(after), asNodeAccount(othersAfter)],
      },
      decimals: { [mint]: 9 },
    })
    expect(preview).toMatchObject({
      kind: 'simulated',
      lamportsChange: '0',
      tokenChanges: [{ mint, account: tokenAccountAddress, change: '-600', decimals: 9 }],
    })
  })

  it('reports a failing simulation with the program error and its logs', () => {
    const preview = previewFromSimulation({
      user,
      addresses: [user],
      before: [system(0n)],
      simulation: {
        err: { InstructionError: [0, { Custom: 1 }] },
        logs: ['Program log: Error: insufficient funds'],
        accounts: null,
      },
    })
    expect(preview).toEqual({
      kind: 'failed',
      error: '{"InstructionError":[0,{"Custom":1}]}',
      logs: ['Program log: Error: insufficient funds'],
    })
  })

  it('keeps at most 100 log lines of at most 500 characters', () => {
    const preview = previewFromSimulation({
      user,
      addresses: [user],
      before: [null],
      simulation: { err: 'BlockhashNotFound', logs: Array(1000).fill('x'.repeat(10_000)) },
    })
    expect(preview.kind === 'failed' && preview.logs.length).toBe(100)
    expect(preview.kind === 'failed' && preview.logs[0]?.length).toBe(500)
  })
})

describe('previewTransaction', () => {
  /**
   * A node holding `balances` (lamports by address) that simulates by moving 1,000 lamports plus a
   * 5,000 fee from the user, and refuses any key that is not base58 with -32602, as the endpoint does.
   */
  function strictNode(balances: Record<string, bigint>) {
    const asked: string[][] = []
    const account = (key: string, lamports: bigint) =>
      key in balances ? asNodeAccount(system(lamports)) : null
    const refuse = (keys: string[]): NodeAnswer | undefined => {
      asked.push(keys)
      return keys.every(isSolanaAddress)
        ? undefined
        : { error: { code: -32602, message: 'Invalid param: WrongSize' } }
    }
    const call: NodeCall = async (method, params): Promise<NodeAnswer> => {
      if (method === 'getMultipleAccounts') {
        const keys = params[0] as string[]
        return (
          refuse(keys) ?? {
            result: {
              context: { slot: 1 },
              value: keys.map((key) => account(key, balances[key] ?? 0n)),
            },
          }
        )
      }
      if (method === 'simulateTransaction') {
        const keys = (params[1] as { accounts: { addresses: string[] } }).accounts.addresses
        const after = (key: string) => (balances[key] ?? 0n) - (key === user ? 6_000n : 0n)
        return (
          refuse(keys) ?? {
            result: {
              context: { slot: 1 },
              value: { err: null, logs: [], accounts: keys.map((key) => account(key, after(key))) },
            },
          }
        )
      }
      return { error: { code: -32601, message: `no ${method}` } }
    }
    return { call, asked }
  }

  it("previews a lookup-table transaction whose loaded accounts are not resolved: only base58 addresses are asked, the user's change is shown", async () => {
    const bytes = lookupTableTransaction()
    const decoded = decodeTransaction(bytes)
    if (!('transaction' in decoded)) throw new Error('the transaction does not decode')
    const { call, asked } = strictNode({ [user]: 2_000_000n })
    const preview = await previewTransaction({
      call,
      user,
      transaction: bytes,
      addresses: decoded.transaction.instructions.flatMap(({ accounts }) => accounts),
    })
    expect(preview).toEqual({
      kind: 'simulated',
      lamportsChange: '-6000',
      tokenChanges: [],
      logs: [],
    })
    expect(asked.flat().every(isSolanaAddress)).toBe(true)
  })
})
