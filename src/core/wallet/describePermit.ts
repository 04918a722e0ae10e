import type { Address } from 'viem'
import { type DecodedPermit, decodePermit, type PermitStandard } from '../eth/decodePermit.ts'
import type { NodeCall } from '../eth/nodeCall.ts'
import { readTokenInfo } from '../eth/readTokenInfo.ts'
import type { TypedDataDocument } from '../eth/typedDataDocument.ts'
import { type TokenAmount, tokenAmount, unlimitedAllowance } from './describeTransaction.ts'

/** One token of a permit as the window shows it. */
export type PermitAllowanceView = {
  token: Address
  /** In the token's units, with the symbol the token reports (raw units when it does not). */
  amount: TokenAmount
  /** At or above `unlimitedAllowance`: the `unlimited` warning names it. */
  unlimited: boolean
  /** Permit2's allowance expiration, as `permitTime` writes it. */
  expiration?: string
}

/** What the confirmation window shows of a permit (`eth_signTypedData_v4`'s `permit`). */
export type PermitView = {
  standard: PermitStandard
  primaryType: string
  spender: Address
  allowances: PermitAllowanceView[]
  /** When the signature stops being usable, as `permitTime` writes it. */
  deadline: string
}

/** How many distinct tokens of a batch permit are read from the chain; the rest show raw units. */
const tokensReadAtMost = 16

/** The first second of the year 10000: a deadline past it is no deadline. */
const never = 253_402_300_800n

/**
 * A permit's time (seconds since the epoch) as the user reads it: a UTC date and time, `never` for
 * none (DAI's `expiry` 0, or a deadline no date reaches), or Permit2's 0 (`whenUsed`), which
 * Permit2 reads as the block in which the allowance is set.
 *
 * @example permitTime(1_767_225_600n) // '2026-01-01 00:00:00 UTC'
 */
export function permitTime(seconds: bigint, options: { zero?: 'never' | 'whenUsed' } = {}): string {
  if (seconds === 0n && options.zero === 'never') return 'never'
  if (seconds === 0n && options.zero === 'whenUsed') return 'only in the block it is used'
  if (seconds >= never) return 'never'
  const iso = new Date(Number(seconds) * 1000).toISOString()
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`
}

const deadlineOf = (permit: DecodedPermit): string =>
  permit.neverExpires ? 'never' : permitTime(permit.deadline)

/**
 * The permit `typedData` is (`decodePermit`: EIP-2612, DAI, Permit2), spelled out for the window:
 * each token with its symbol and decimals read from the chain through `call` (`eth_call`), its
 * amount in units (unlimited flagged), the spender, and the deadline as a date. `undefined` for
 * typed data that is no permit.
 */
export async function describePermit(
  call: NodeCall,
  typedData: TypedDataDocument,
): Promise<PermitView | undefined> {
  const permit = decodePermit(typedData)
  if (!permit) return undefined
  const tokens = [...new Set(permit.allowances.map(({ token }) => token))].slice(
    0,
    tokensReadAtMost,
  )
  const infos = new Map(
    await Promise.all(
      tokens.map(async (token) => [token, await readTokenInfo(call, token)] as const),
    ),
  )
  const allowances = permit.allowances.map(({ token, amount, expiration }) => ({
    token,
    amount: tokenAmount(amount, infos.get(token)),
    unlimited: amount >= unlimitedAllowance,
    ...(expiration === undefined
      ? {}
      : { expiration: permitTime(expiration, { zero: 'whenUsed' }) }),
  }))
  return {
    standard: permit.standard,
    primaryType: permit.primaryType,
    spender: permit.spender,
    allowances,
    deadline: deadlineOf(permit),
  }
}
