import { isObject } from '@metamask/utils'
import type { Problem } from '../rpc/errors.ts'
import { isSolanaAddress } from './base58.ts'
import { readBase64 } from './base64.ts'
import { type SignInField, signInFields } from './signInFields.ts'

/** The largest message `signMessage` signs (bytes): far above any sign-in or proof message. */
export const maxSignedMessageBytes = 64 * 1024
/** The largest transaction Solana carries (its packet limit, in bytes). */
export const maxTransactionBytes = 1232

const commitments = ['processed', 'confirmed', 'finalized'] as const
export type Commitment = (typeof commitments)[number]

/** `signMessage` params (DESIGN §8, the official client's Solana types). */
export type SignMessageParams = { address: string; message: Uint8Array }

/** `sendTransaction` options a dapp may pass to `signAndSendTransaction`, as the node takes them. */
export type SendOptions = {
  commitment?: Commitment
  skipPreflight?: boolean
  maxRetries?: number
  preflightCommitment?: Commitment
  minContextSlot?: number
}

/** `signTransaction` / `signAndSendTransaction` params: the account and the wire transaction. */
export type SignTransactionParams = {
  address: string
  transaction: Uint8Array
  options: SendOptions
}

/** Sign-In With Solana input (the Wallet Standard `solana:signIn` fields); every one optional. */
export type SignInParams = Partial<Record<SignInField, string>> & { resources?: string[] }

/** The longest SIWS field kept (statement included); longer is refused, not cut. */
const maxFieldLength = 2048
const maxResources = 50

/** SIWS fields are single lines (the message is line-based: a line break would forge a field). */
const isOneLine = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= maxFieldLength && !/[\r\n\u2028\u2029]/.test(value)
const oneLineMessage = `must be a string of at most ${maxFieldLength} characters on one line`

type Parsed<T> = { params: T } | { problems: Problem[] }

/** The `account.address` of a params object, or a problem. */
function readAccount(params: Record<string, unknown>, problems: Problem[]): string {
  const { account } = params
  if (!isObject(account) || !isSolanaAddress(account.address)) {
    problems.push({ path: 'account.address', message: 'must be a base58 Solana address' })
    return ''
  }
  return account.address
}

/**
 * Checks `signMessage { account: { address }, message: <base64> }`.
 *
 * @example parseSignMessageParams({ account: { address: 'oeYf…' }, message: 'aGVsbG8=' })
 */
export function parseSignMessageParams(params: unknown): Parsed<SignMessageParams> {
  if (!isObject(params)) return { problems: [{ path: 'params', message: 'must be an object' }] }
  const problems: Problem[] = []
  const address = readAccount(params, problems)
  const message = readBase64(params.message, maxSignedMessageBytes)
  if (!message || message.length === 0) {
    problems.push({
      path: 'message',
      message: `must be non-empty base64 of at most ${maxSignedMessageBytes} bytes`,
    })
  }
  if (problems.length > 0 || !message) return { problems }
  return { params: { address, message } }
}

const isCommitment = (value: unknown): value is Commitment =>
  typeof value === 'string' && (commitments as readonly string[]).includes(value)

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0

/** The options object; `skipPreflight` also as the string the official client's type names. */
function readOptions(value: unknown, problems: Problem[]): SendOptions {
  if (value === undefined) return {}
  if (!isObject(value)) {
    problems.push({ path: 'options', message: 'must be an object' })
    return {}
  }
  const options: SendOptions = {}
  const { commitment, preflightCommitment, skipPreflight, maxRetries, minContextSlot } = value
  for (const [name, field] of [
    ['commitment', commitment],
    ['preflightCommitment', preflightCommitment],
  ] as const) {
    if (field === undefined) continue
    if (isCommitment(field)) options[name] = field
    else
      problems.push({ path: `options.${name}`, message: 'must be processed|confirmed|finalized' })
  }
  if (skipPreflight !== undefined) {
    if (typeof skipPreflight === 'boolean') options.skipPreflight = skipPreflight
    else if (skipPreflight === 'true' || skipPreflight === 'false') {
      options.skipPreflight = skipPreflight === 'true'
    } else problems.push({ path: 'options.skipPreflight', message: 'must be a boolean' })
  }
  for (const [name, field] of [
    ['maxRetries', maxRetries],
    ['minContextSlot', minContextSlot],
  ] as const) {
    if (field === undefined) continue
    if (isCount(field)) options[name] = field
    else problems.push({ path: `options.${name}`, message: 'must be a non-negative integer' })
  }
  return options
}

/**
 * Checks `signTransaction` / `signAndSendTransaction { account, transaction: <base64>, scope,
 * options? }`; `scope`, when given, must be the invoked one. Whether the bytes are a transaction
 * that our account signs is for `decodeTransaction`.
 */
export function parseSignTransactionParams(
  params: unknown,
  invokedScope: string,
): Parsed<SignTransactionParams> {
  if (!isObject(params)) return { problems: [{ path: 'params', message: 'must be an object' }] }
  const problems: Problem[] = []
  const address = readAccount(params, problems)
  const transaction = readBase64(params.transaction, maxTransactionBytes)
  if (!transaction || transaction.length === 0) {
    problems.push({
      path: 'transaction',
      message: `must be base64 of a wire transaction of at most ${maxTransactionBytes} bytes`,
    })
  }
  if (params.scope !== undefined && params.scope !== invokedScope) {
    problems.push({ path: 'scope', message: `must be the invoked scope ${invokedScope}` })
  }
  const options = readOptions(params.options, problems)
  if (problems.length > 0 || !transaction) return { problems }
  return { params: { address, transaction, options } }
}

/** Checks `signIn` (SIWS) input: optional strings, `address` a Solana address, `resources` strings. */
export function parseSignInParams(params: unknown): Parsed<SignInParams> {
  const input = params === undefined ? {} : params
  if (!isObject(input)) return { problems: [{ path: 'params', message: 'must be an object' }] }
  const problems: Problem[] = []
  const parsed: SignInParams = {}
  for (const field of signInFields) {
    const value = input[field]
    if (value === undefined) continue
    if (isOneLine(value)) parsed[field] = value
    else problems.push({ path: field, message: oneLineMessage })
  }
  if (parsed.address !== undefined && !isSolanaAddress(parsed.address)) {
    problems.push({ path: 'address', message: 'must be a base58 Solana address' })
  }
  const { resources } = input
  if (resources !== undefined) {
    if (
      !Array.isArray(resources) ||
      resources.length > maxResources ||
      !resources.every(isOneLine)
    ) {
      problems.push({
        path: 'resources',
        message: `must be at most ${maxResources} one-line strings`,
      })
    } else parsed.resources = [...resources]
  }
  if (problems.length > 0) return { problems }
  return { params: parsed }
}
