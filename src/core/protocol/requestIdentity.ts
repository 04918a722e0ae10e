import { sha256, stringToBytes } from 'viem'
import { resentRequestDiffers } from '../rpc/errors.ts'
import { exceedsDepth } from '../rpc/exceedsDepth.ts'
import type { RpcId } from '../rpc/types.ts'
import { requestKeyOf } from './connection.ts'

/**
 * One page request as every record of it knows it (DESIGN §6 "What is re-attached is the same
 * request"): its key, `<connection>/<id>` (`requestKeyOf`), which a re-send after a worker restart
 * repeats, and the digest of what it asks (`requestDigestOf`), which a re-send must repeat too.
 */
export type RequestIdentity = { requestKey: string; requestDigest: string }

/** The digest of params that nest too deep to be read: every reader refuses such a request. */
const unreadableParams = 'unreadable'

/**
 * A plain object's members in sorted order, so that the JSON text depends on what the request
 * holds and not on the order its members were written in. A `bigint` (a structured-cloned message
 * may carry one; JSON cannot) is written as its decimal digits and `n`.
 */
const canonicalMember = (_key: string, value: unknown): unknown => {
  if (typeof value === 'bigint') return `${value}n`
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const members = value as Record<string, unknown>
  return Object.fromEntries(
    Object.keys(members)
      .sort()
      .map((key) => [key, members[key]]),
  )
}

/**
 * The digest of a page request's content: SHA-256 (hex) of the canonical JSON of its method and
 * params (members sorted; JSON's own rules for everything else). Two copies of one request give
 * the same digest however their members are ordered; a request that asks anything else gives
 * another. Never throws: params nested past `maxParamsDepth` (a cycle included) get one fixed
 * digest, as no handler reads them (they are refused `-32602` before any record is made).
 *
 * @example
 * requestDigestOf('personal_sign', ['0x68656c6c6f', '0xf39f…']) // '0x5b1d…' (64 hex digits)
 */
export function requestDigestOf(method: string, params: unknown): string {
  if (exceedsDepth(params)) return sha256(stringToBytes(JSON.stringify([method, unreadableParams])))
  const text = JSON.stringify([method, params ?? null], canonicalMember)
  return sha256(stringToBytes(text))
}

/**
 * The identity of the request `id` on `connection` asking `method` with `params`: the one place
 * where a page request's key and digest are made, for every record of it.
 */
export const requestIdentityOf = (
  connection: string,
  id: RpcId | undefined,
  method: string,
  params: unknown,
): RequestIdentity => ({
  requestKey: requestKeyOf(connection, id),
  requestDigest: requestDigestOf(method, params),
})

/**
 * The rule every record of a page request applies to a request that comes to it (DESIGN §6):
 * `another` when `incoming` is another request (another key); `same` when it is `recorded`'s
 * request again (same key, same digest); `refused` when it comes under `recorded`'s key asking
 * anything else — it must never take over the record (its window, its approval, its answer). A
 * record without a digest (written before digests were kept) matches no re-send.
 */
export function matchResend(
  incoming: RequestIdentity,
  recorded: { requestKey: string; requestDigest?: string },
): 'another' | 'same' | 'refused' {
  if (incoming.requestKey !== recorded.requestKey) return 'another'
  return incoming.requestDigest === recorded.requestDigest ? 'same' : 'refused'
}

/**
 * `matchResend` for a lookup among records: false for another request, true for the same one, and
 * the `-32602` refusal thrown for another request under `recorded`'s key.
 *
 * @example
 * records.find((record) => record.origin === origin && isResendOf(incoming, record))
 */
export function isResendOf(
  incoming: RequestIdentity,
  recorded: { requestKey: string; requestDigest?: string },
): boolean {
  const match = matchResend(incoming, recorded)
  if (match === 'refused') throw resentRequestDiffers()
  return match === 'same'
}
