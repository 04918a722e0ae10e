import { isObject } from '@metamask/utils'
import { normalizeScopes } from '../caip/normalizeScopes.ts'
import type { NormalizedScopes, ScopesObject } from '../caip/types.ts'
import { validateScopes } from '../caip/validateScopes.ts'
import { invalidParams, type Problem, type RpcError } from '../rpc/errors.ts'
import { parseSessionProperties } from './parseSessionProperties.ts'
import type { SessionProperties } from './ports.ts'

/** A `wallet_createSession` request after DESIGN §4 steps 1–3. */
export type CreateSessionRequest = {
  requiredScopes: NormalizedScopes
  optionalScopes: NormalizedScopes
  sessionProperties: SessionProperties
}

export type ParseCreateSessionParamsResult = { request: CreateSessionRequest } | { error: RpcError }

/**
 * Parses `wallet_createSession` params: structure (`-32602` listing every problem), normalization,
 * then `sessionProperties` (`5302`; `sessionFlags` are the namespaces' on/off properties kept).
 * `scopedProperties` and `sessionId` are accepted and ignored. Never throws, whatever `params` is.
 */
export function parseCreateSessionParams(
  params: unknown,
  now: number,
  sessionFlags: readonly string[] = [],
): ParseCreateSessionParamsResult {
  const value = params === undefined ? {} : params
  if (!isObject(value)) {
    return { error: invalidParams([{ path: 'params', message: 'must be an object' }]) }
  }
  const { requiredScopes, optionalScopes, sessionProperties } = value as Record<string, unknown>
  const problems: Problem[] = []
  const validate = (scopes: unknown, path: string): ScopesObject => {
    if (scopes === undefined) return {}
    const result = validateScopes(scopes, path)
    problems.push(...result.problems)
    return result.scopes
  }
  const required = validate(requiredScopes, 'requiredScopes')
  const optional = validate(optionalScopes, 'optionalScopes')
  if (problems.length > 0) return { error: invalidParams(problems) }
  const properties = parseSessionProperties(sessionProperties, now, sessionFlags)
  if ('error' in properties) return properties
  return {
    request: {
      requiredScopes: normalizeScopes(required),
      optionalScopes: normalizeScopes(optional),
      sessionProperties: properties.sessionProperties,
    },
  }
}
