import { isObject } from '@metamask/utils'
import { type NodeCall, nodeResult } from '../../eth/nodeCall.ts'
import type { Json } from '../../rpc/types.ts'
import { isSolanaAddress } from '../../solana/base58.ts'
import { tokenPrograms } from '../../solana/previewTransaction.ts'

/**
 * A Solana token account's delegate, as the approval manager lists it (DESIGN §11): `spender` may
 * move up to `amount` base units (decimal) of `mint` out of the token `account`, owned by the
 * token `program` (SPL Token or Token-2022), until the owner revokes it.
 */
export type TokenDelegate = {
  kind: 'delegate'
  program: string
  account: string
  mint: string
  spender: string
  amount: string
  decimals: number
}

/** The most token accounts read per program (as `readTokenHoldings`). */
const maxTokenAccounts = 200

const decimalDigits = /^[0-9]{1,20}$/

/**
 * The delegate of one token account from the node's `jsonParsed` answer (`{ pubkey?, account:
 * { owner, data: { parsed: { type: 'account', info } } } }`), when `owner` holds it, its program is
 * a token program, and a delegate may still move more than 0 units; `undefined` otherwise.
 */
export function delegateOfParsedAccount(
  address: string,
  account: unknown,
  owner: string,
): TokenDelegate | undefined {
  if (!isObject(account) || typeof account.owner !== 'string') return undefined
  const program = account.owner
  const parsed = isObject(account.data) ? account.data.parsed : undefined
  if (!tokenPrograms.includes(program) || !isObject(parsed) || parsed.type !== 'account') {
    return undefined
  }
  const info = isObject(parsed.info) ? parsed.info : {}
  const delegated = isObject(info.delegatedAmount) ? info.delegatedAmount : {}
  const { amount, decimals } = delegated
  if (
    info.owner !== owner ||
    !isSolanaAddress(info.mint) ||
    !isSolanaAddress(info.delegate) ||
    typeof amount !== 'string' ||
    !decimalDigits.test(amount) ||
    BigInt(amount) === 0n ||
    typeof decimals !== 'number' ||
    !Number.isInteger(decimals) ||
    decimals < 0 ||
    decimals > 255
  ) {
    return undefined
  }
  return {
    kind: 'delegate',
    program,
    account: address,
    mint: info.mint,
    spender: info.delegate,
    amount: BigInt(amount).toString(),
    decimals,
  }
}

/**
 * The standing delegates of `owner`'s token accounts (the approval manager, DESIGN §11): each of
 * its SPL Token and Token-2022 accounts (`getTokenAccountsByOwner`, `jsonParsed`, at `confirmed`,
 * through the network's own endpoint) that names a delegate with more than 0 units delegated.
 * Node errors are thrown (`NodeAnswerError`).
 *
 * @example
 * await findTokenDelegates(call, 'oeYf…kq96')
 * // [{ kind: 'delegate', program: 'Tokenkeg…', account: '7xKX…', mint: 'EPjF…', spender: 'HAgk…', amount: '5000000', decimals: 6 }]
 */
export async function findTokenDelegates(call: NodeCall, owner: string): Promise<TokenDelegate[]> {
  const perProgram = await Promise.all(
    tokenPrograms.map(async (program) => {
      const answer = await nodeResult(call, 'getTokenAccountsByOwner', [
        owner,
        { programId: program },
        { encoding: 'jsonParsed', commitment: 'confirmed' },
      ])
      const entries: Json[] = isObject(answer) && Array.isArray(answer.value) ? answer.value : []
      return entries.slice(0, maxTokenAccounts).flatMap((entry) => {
        if (!isObject(entry) || !isSolanaAddress(entry.pubkey)) return []
        const delegate = delegateOfParsedAccount(entry.pubkey, entry.account, owner)
        return delegate && delegate.program === program ? [delegate] : []
      })
    }),
  )
  return perProgram.flat()
}

/**
 * The delegate of the token account `account` now (`getAccountInfo`, `jsonParsed`, at
 * `confirmed`), when `owner` holds it and a delegate may still move something; `undefined`
 * otherwise. The revoke checks the chain again with it.
 */
export async function readTokenDelegate(
  call: NodeCall,
  owner: string,
  account: string,
): Promise<TokenDelegate | undefined> {
  const answer = await nodeResult(call, 'getAccountInfo', [
    account,
    { encoding: 'jsonParsed', commitment: 'confirmed' },
  ])
  return isObject(answer) ? delegateOfParsedAccount(account, answer.value, owner) : undefined
}
