import { isObject } from '@metamask/utils'
import {
  dailyRequestCountExceeded,
  internalError,
  type RpcError,
  rejectedByKeySettings,
  requestRateExceeded,
} from '../../core/rpc/errors.ts'
import type { RateLimiter } from '../state/rateLimiter.ts'
import type { KeyPolicy } from './parseKeysFile.ts'

/** A request refused before any call runs: the HTTP status and the JSON-RPC error of the body. */
export type Refusal = { status: 200 | 402 | 403 | 429; error: RpcError }

/**
 * Admission's verdict: a refusal or undefined (admitted) at once, or, for a key with request
 * limits, once its counters (Redis) have answered.
 */
export type Verdict = Refusal | undefined | Promise<Refusal | undefined>

export type Admission = {
  /**
   * Whether a request (an HTTP body or a WebSocket message) of `apiKey` may run: its origin, methods
   * and contracts against the key's allowlists (403), then its calls against the key's requests per
   * second (429) and per day (402). A key without settings costs nothing (no parse, no counter,
   * no promise: its verdict is there at once, and its calls go on in the same turn); only a key with
   * request limits waits for its counters.
   */
  admit(apiKey: string, request: { origin: string | undefined; body: Buffer }): Verdict
  /** A WebSocket upgrade: its origin only. */
  admitOrigin(apiKey: string, origin: string | undefined): Refusal | undefined
}

export type CreateAdmissionParameters = {
  policies: ReadonlyMap<string, KeyPolicy>
  /** The network's: the contracts a call names (for `allowedAddresses`), undefined when none. */
  contractsOf(method: string, params: unknown): unknown[] | undefined
  limiter: RateLimiter
}

type Call = { method?: unknown; params?: unknown }

/** The calls of a body, or undefined when it is not JSON (answered -32700 later, as one request). */
function callsOf(body: Buffer): Call[] | undefined {
  let value: unknown
  try {
    value = JSON.parse(body.toString('utf8'))
  } catch {
    // Not JSON: the request's own parsing answers -32700; here it counts as one request.
    return undefined
  }
  const items = Array.isArray(value) ? value : [value]
  return items.map((item) => (isObject(item) ? (item as Call) : {}))
}

/** The key's allowlists' verdict on one call, as the refusal's detail. */
function disallowed(
  policy: KeyPolicy,
  call: Call,
  contractsOf: CreateAdmissionParameters['contractsOf'],
): string | undefined {
  if (policy.allowedMethods && typeof call.method === 'string') {
    if (!policy.allowedMethods.includes(call.method)) return `method ${call.method} is not allowed`
  }
  if (policy.allowedAddresses) {
    if (typeof call.method !== 'string') return undefined
    const contracts = contractsOf(call.method, call.params)
    if (!contracts) return undefined
    for (const contract of contracts) {
      const address = typeof contract === 'string' ? contract.toLowerCase() : undefined
      if (!address || !policy.allowedAddresses.includes(address)) {
        return `${String(call.method)} must name allowed contract addresses only`
      }
    }
  }
  return undefined
}

/**
 * The keys file's per-key settings at the door (issue 12): allowlists of origin, method and contract
 * address (HTTP 403, `-32002`), requests per second (429, `-32005 project ID request rate
 * exceeded`) and per day (402). A batch counts as one request per call. While the rate counters'
 * store (Redis) is down, a key with limits gets `-32603`; keys without limits are served.
 */
export function createAdmission(parameters: CreateAdmissionParameters): Admission {
  const { policies, limiter } = parameters

  const admitOrigin = (apiKey: string, origin: string | undefined): Refusal | undefined => {
    const allowed = policies.get(apiKey)?.allowedOrigins
    if (!allowed || (origin !== undefined && allowed.includes(origin))) return undefined
    return {
      status: 403,
      error: rejectedByKeySettings(
        origin === undefined
          ? 'an Origin header is required'
          : `origin ${origin.slice(0, 100)} is not allowed`,
      ),
    }
  }

  /** The key's calls counted against its requests per second (429) and per day (402). */
  async function count(
    apiKey: string,
    policy: KeyPolicy,
    calls: number,
  ): Promise<Refusal | undefined> {
    let verdict: Awaited<ReturnType<RateLimiter['take']>>
    try {
      verdict = await limiter.take(apiKey, policy, calls)
    } catch (error) {
      return { status: 200, error: internalError((error as Error).message) }
    }
    if (verdict === 'rate') return { status: 429, error: requestRateExceeded() }
    if (verdict === 'daily') return { status: 402, error: dailyRequestCountExceeded() }
    return undefined
  }

  return {
    admitOrigin,
    admit(apiKey, request) {
      const policy = policies.get(apiKey)
      if (!policy) return undefined
      const refusedOrigin = admitOrigin(apiKey, request.origin)
      if (refusedOrigin) return refusedOrigin
      const needsCalls =
        policy.allowedMethods !== undefined ||
        policy.allowedAddresses !== undefined ||
        request.body.subarray(0, 64).toString('utf8').trimStart().startsWith('[')
      const calls = needsCalls ? callsOf(request.body) : undefined
      for (const call of calls ?? []) {
        const detail = disallowed(policy, call, parameters.contractsOf)
        if (detail) return { status: 403, error: rejectedByKeySettings(detail) }
      }
      if (policy.requestsPerSecond === undefined && policy.requestsPerDay === undefined) {
        return undefined
      }
      return count(apiKey, policy, Math.max(calls?.length ?? 1, 1))
    },
  }
}
