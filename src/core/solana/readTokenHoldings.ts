import { isObject } from '@metamask/utils'
import { type NodeCall, nodeResult } from '../eth/nodeCall.ts'
import {
  readAccountState,
  readMintDecimals,
  readTokenAccount,
  tokenPrograms,
} from './previewTransaction.ts'

/**
 * One token an account holds (SPL Token or Token-2022): the mint, its decimals, the program that
 * owns it, and the token account a send takes it from (the one holding the most) with what it
 * holds in base units (decimal string): what one transfer can send.
 */
export type TokenHolding = {
  mint: string
  decimals: number
  program: string
  balance: string
  source: string
}

/** The most token accounts read per program: an account with more is shown its first ones. */
const maxTokenAccounts = 200

/**
 * The tokens `owner` holds on the chain, of both token programs (`getTokenAccountsByOwner`, base64,
 * at `confirmed`), each mint once with its decimals read from the mint; empty accounts are left
 * out. Node errors are thrown (`NodeAnswerError`).
 */
export async function readTokenHoldings(call: NodeCall, owner: string): Promise<TokenHolding[]> {
  const perProgram = await Promise.all(
    tokenPrograms.map(async (program) => {
      const answer = await nodeResult(call, 'getTokenAccountsByOwner', [
        owner,
        { programId: program },
        { encoding: 'base64', commitment: 'confirmed' },
      ])
      const entries = isObject(answer) && Array.isArray(answer.value) ? answer.value : []
      return entries.slice(0, maxTokenAccounts).flatMap((entry) => {
        if (!isObject(entry) || typeof entry.pubkey !== 'string') return []
        const token = readTokenAccount(readAccountState(entry.account))
        return token && token.owner === owner && token.amount > 0n
          ? [{ ...token, program, address: entry.pubkey }]
          : []
      })
    }),
  )
  const byMint = new Map<string, { program: string; source: string; amount: bigint }>()
  for (const account of perProgram.flat()) {
    const held = byMint.get(account.mint)
    if (held && held.amount >= account.amount) continue
    byMint.set(account.mint, {
      program: account.program,
      source: account.address,
      amount: account.amount,
    })
  }
  const decimals = await readMintDecimals(call, [...byMint.keys()])
  return [...byMint.entries()].flatMap(([mint, held]) => {
    const mintDecimals = decimals[mint]
    return mintDecimals === undefined
      ? []
      : [
          {
            mint,
            decimals: mintDecimals,
            program: held.program,
            balance: held.amount.toString(),
            source: held.source,
          },
        ]
  })
}
