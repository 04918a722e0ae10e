import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import { token2022ProgramAddress } from '../../solana/decodeInstruction.ts'
import { findTokenDelegates, readTokenDelegate } from './findTokenDelegates.ts'
import { delegatesChain } from './testing/delegatesChain.ts'

const owner = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const stranger = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk'
const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const splAccount = 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD'
const token2022Account = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
const undelegated = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

describe('findTokenDelegates', () => {
  it("lists the delegate of each of the owner's SPL Token and Token-2022 accounts, read jsonParsed through the endpoint", async () => {
    const chain = delegatesChain()
    const account = { mint, owner, amount: 9_000_000n, decimals: 6 }
    chain.accounts.set(splAccount, {
      ...account,
      program: TOKEN_PROGRAM_ADDRESS,
      delegate: stranger,
      delegatedAmount: 5_000_000n,
    })
    chain.accounts.set(token2022Account, {
      ...account,
      program: token2022ProgramAddress,
      delegate: stranger,
      delegatedAmount: 1n,
    })
    chain.accounts.set(undelegated, { ...account, program: TOKEN_PROGRAM_ADDRESS })
    expect(await findTokenDelegates(chain.call, owner)).toEqual([
      {
        kind: 'delegate',
        program: TOKEN_PROGRAM_ADDRESS,
        account: splAccount,
        mint,
        spender: stranger,
        amount: '5000000',
        decimals: 6,
      },
      {
        kind: 'delegate',
        program: token2022ProgramAddress,
        account: token2022Account,
        mint,
        spender: stranger,
        amount: '1',
        decimals: 6,
      },
    ])
    expect(chain.asked.map(({ params }) => params)).toEqual(
      [TOKEN_PROGRAM_ADDRESS, token2022ProgramAddress].map((programId) => [
        owner,
        { programId },
        { encoding: 'jsonParsed', commitment: 'confirmed' },
      ]),
    )
  })

  it('leaves out a delegate with nothing left to move, and an account someone else owns', async () => {
    const chain = delegatesChain()
    const account = { mint, program: TOKEN_PROGRAM_ADDRESS, amount: 10n, decimals: 0 }
    chain.accounts.set(splAccount, {
      ...account,
      owner,
      delegate: stranger,
      delegatedAmount: 0n,
    })
    chain.accounts.set(undelegated, {
      ...account,
      owner: stranger,
      delegate: owner,
      delegatedAmount: 4n,
    })
    expect(await findTokenDelegates(chain.call, owner)).toEqual([])
  })

  it('throws the node’s error', async () => {
    const refused = { code: -32602, message: 'Invalid param: unknown encoding' }
    await expect(findTokenDelegates(async () => ({ error: refused }), owner)).rejects.toThrow(
      'unknown encoding',
    )
  })
})

describe('readTokenDelegate', () => {
  it('reads one account’s delegate now, undefined once it is gone or the account is not the owner’s', async () => {
    const chain = delegatesChain()
    chain.accounts.set(splAccount, {
      program: TOKEN_PROGRAM_ADDRESS,
      mint,
      owner,
      amount: 3n,
      decimals: 0,
      delegate: stranger,
      delegatedAmount: 3n,
    })
    expect(await readTokenDelegate(chain.call, owner, splAccount)).toMatchObject({
      spender: stranger,
      amount: '3',
    })
    expect(await readTokenDelegate(chain.call, stranger, splAccount)).toBeUndefined()
    chain.accounts.set(splAccount, {
      program: TOKEN_PROGRAM_ADDRESS,
      mint,
      owner,
      amount: 3n,
      decimals: 0,
    })
    expect(await readTokenDelegate(chain.call, owner, splAccount)).toBeUndefined()
    expect(await readTokenDelegate(chain.call, owner, undelegated)).toBeUndefined()
  })
})
