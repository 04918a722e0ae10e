import { isObject } from '@metamask/utils'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { NodeAnswerError, type NodeCall, nodeResult } from '../eth/nodeCall.ts'
import type { Json } from '../rpc/types.ts'
import { isSolanaAddress, toBase58 } from './base58.ts'
import { readBase64, toBase64 } from './base64.ts'
import { token2022ProgramAddress } from './decodeInstruction.ts'

/** One account as a node answers it with `encoding: 'base64'` (only what the preview reads). */
export type AccountState = { lamports: bigint; owner: string; data: Uint8Array }

/** A change of one of the user's token balances (base units; `decimals` when the mint is known). */
export type TokenChange = { mint: string; account: string; change: string; decimals?: number }

/**
 * The local preview of a Solana transaction (DESIGN §8): the user's SOL (lamports) and token balance
 * changes from `simulateTransaction` on the chain's own endpoint, or the program error with its
 * logs, or why there is no preview (the node could not simulate).
 */
export type SolanaPreview =
  | { kind: 'simulated'; lamportsChange: string; tokenChanges: TokenChange[]; logs: string[] }
  | { kind: 'failed'; error: string; logs: string[] }
  | { kind: 'unavailable'; reason: string }

/** The most logs kept for the window: enough to read a failure, bounded whatever a program prints. */
const maxLogs = 100
const maxLogLength = 500
/** A token account's layout: mint (32 bytes), owner (32), amount (u64 LE) — SPL Token and Token-2022. */
const tokenAccountMinSize = 165
/** The token programs: SPL Token and Token-2022, whose accounts share one layout. */
export const tokenPrograms: readonly string[] = [TOKEN_PROGRAM_ADDRESS, token2022ProgramAddress]

/** Reads one `{ lamports, owner, data: [base64, 'base64'] }` account, `null` when absent. */
export function readAccountState(value: unknown): AccountState | null {
  if (!isObject(value)) return null
  const { lamports, owner, data } = value
  if (typeof lamports !== 'number' || typeof owner !== 'string') return null
  const encoded = Array.isArray(data) ? data[0] : undefined
  return {
    lamports: BigInt(lamports),
    owner,
    data: readBase64(encoded, 10 * 1024 * 1024) ?? new Uint8Array(),
  }
}

const readU64 = (bytes: Uint8Array, offset: number): bigint =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(offset, true)

/**
 * The mint, owner and amount of a token account of SPL Token or Token-2022 (`undefined` for any
 * other account).
 */
export function readTokenAccount(state: AccountState | null) {
  if (!state || !tokenPrograms.includes(state.owner) || state.data.length < tokenAccountMinSize) {
    return undefined
  }
  return {
    mint: toBase58(state.data.subarray(0, 32)),
    owner: toBase58(state.data.subarray(32, 64)),
    amount: readU64(state.data, 64),
  }
}

const boundedLogs = (logs: unknown): string[] =>
  Array.isArray(logs)
    ? logs
        .slice(0, maxLogs)
        .map((line) => (typeof line === 'string' ? line.slice(0, maxLogLength) : ''))
    : []

/**
 * The preview from a simulation result (pure): the user's lamport change between `before` and the
 * simulated post-state of the same `addresses`, and every token account the user owns after (or
 * owned before) with its amount change; a simulation error comes back as `failed` with its logs.
 *
 * @example
 * previewFromSimulation({ user, addresses: [user, other], before, simulation: { err: null,
 *   logs: [], accounts: [userAfter, otherAfter] } }) // { kind: 'simulated', lamportsChange: '-1000', … }
 */
export function previewFromSimulation(input: {
  user: string
  addresses: readonly string[]
  before: ReadonlyArray<AccountState | null>
  simulation: unknown
  decimals?: Readonly<Record<string, number>>
}): SolanaPreview {
  const { user, addresses, before, simulation } = input
  if (!isObject(simulation))
    return { kind: 'unavailable', reason: 'the node answered no simulation' }
  const logs = boundedLogs(simulation.logs)
  if (simulation.err !== null && simulation.err !== undefined) {
    return { kind: 'failed', error: JSON.stringify(simulation.err).slice(0, 500), logs }
  }
  const after = Array.isArray(simulation.accounts) ? simulation.accounts.map(readAccountState) : []
  let lamportsChange = 0n
  const tokenChanges: TokenChange[] = []
  addresses.forEach((address, index) => {
    const pre = before[index] ?? null
    const post = after[index] ?? null
    if (address === user) lamportsChange = (post?.lamports ?? 0n) - (pre?.lamports ?? 0n)
    const preToken = readTokenAccount(pre)
    const postToken = readTokenAccount(post)
    const token = postToken ?? preToken
    if (!token || token.owner !== user) return
    const change = (postToken?.amount ?? 0n) - (preToken?.amount ?? 0n)
    if (change === 0n) return
    const decimals = input.decimals?.[token.mint]
    tokenChanges.push({
      mint: token.mint,
      account: address,
      change: change.toString(),
      ...(decimals === undefined ? {} : { decimals }),
    })
  })
  return { kind: 'simulated', lamportsChange: lamportsChange.toString(), tokenChanges, logs }
}

/** The accounts of a `getMultipleAccounts` answer (`{ context, value: [...] }`), in order. */
export const accountsOf = (value: Json): Array<AccountState | null> =>
  isObject(value) && Array.isArray(value.value) ? value.value.map(readAccountState) : []

/** The decimals of each mint (byte 44 of a mint account), for the mints that exist. */
export async function readMintDecimals(
  call: NodeCall,
  mints: string[],
): Promise<Record<string, number>> {
  if (mints.length === 0) return {}
  const answer = await nodeResult(call, 'getMultipleAccounts', [mints, { encoding: 'base64' }])
  const decimals: Record<string, number> = {}
  accountsOf(answer).forEach((state, index) => {
    const mint = mints[index]
    const value = state?.data[44]
    if (mint !== undefined && value !== undefined && tokenPrograms.includes(state?.owner ?? '')) {
      decimals[mint] = value
    }
  })
  return decimals
}

/**
 * Simulates `transaction` (wire bytes) on the chain's own endpoint and previews what it does to
 * `user`'s balances: the accounts it names are read before (`getMultipleAccounts`) and after
 * (`simulateTransaction` with `accounts`, the recent blockhash replaced, signatures not checked).
 * Only base58 addresses are asked for: an account of a lookup table not resolved (named by its
 * position) is left out, so the node does not refuse the whole preview for it.
 */
export async function previewTransaction(input: {
  call: NodeCall
  user: string
  transaction: Uint8Array
  addresses: readonly string[]
}): Promise<SolanaPreview> {
  const { call, user, transaction } = input
  const addresses = [...new Set([user, ...input.addresses.filter(isSolanaAddress)])].slice(0, 100)
  try {
    const [before, simulated] = await Promise.all([
      nodeResult(call, 'getMultipleAccounts', [addresses, { encoding: 'base64' }]).then(accountsOf),
      nodeResult(call, 'simulateTransaction', [
        toBase64(transaction),
        {
          encoding: 'base64',
          sigVerify: false,
          replaceRecentBlockhash: true,
          accounts: { encoding: 'base64', addresses },
        },
      ]),
    ])
    const simulation = isObject(simulated) ? simulated.value : undefined
    const preview = previewFromSimulation({ user, addresses, before, simulation })
    if (preview.kind !== 'simulated' || preview.tokenChanges.length === 0) return preview
    const decimals = await readMintDecimals(call, [
      ...new Set(preview.tokenChanges.map((c) => c.mint)),
    ])
    return previewFromSimulation({ user, addresses, before, simulation, decimals })
  } catch (error) {
    const reason =
      error instanceof NodeAnswerError
        ? `${error.error.code} ${error.error.message}`
        : error instanceof Error
          ? error.message
          : String(error)
    return { kind: 'unavailable', reason: reason.slice(0, 300) }
  }
}
