import { isObject } from '@metamask/utils'
import { invalidSessionProperties, type RpcError } from '../rpc/errors.ts'
import type { SessionProperties } from './ports.ts'

export type ParseSessionPropertiesResult =
  | { sessionProperties: SessionProperties }
  | { error: RpcError }

/** An ISO-8601 date-time with an explicit offset, e.g. `2030-01-01T00:00:00Z`. */
const isoDateTime =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/

/**
 * Checks `sessionProperties` (DESIGN §4 step 3): absent gives `{}`; present but empty or not an object
 * gives `5302`. Known keys are kept — `expiry` must be an ISO-8601 date-time in the future, each of
 * `flags` (the namespaces' on/off properties, `Namespace.sessionFlags`) a boolean (`5302`
 * otherwise) — and unknown keys are dropped.
 *
 * @example parseSessionProperties({ expiry: '2030-01-01T00:00:00Z', theme: 'dark' }, Date.now())
 * // { sessionProperties: { expiry: '2030-01-01T00:00:00Z' } }
 */
export function parseSessionProperties(
  value: unknown,
  now: number,
  flags: readonly string[] = [],
): ParseSessionPropertiesResult {
  if (value === undefined) return { sessionProperties: {} }
  if (!isObject(value)) {
    return { error: invalidSessionProperties() }
  }
  const properties = value as Record<string, unknown>
  if (Object.keys(properties).length === 0) return { error: invalidSessionProperties() }
  const sessionProperties: SessionProperties = {}
  if (properties.expiry !== undefined) {
    const expiry = properties.expiry
    if (typeof expiry !== 'string' || !isoDateTime.test(expiry)) {
      return { error: invalidSessionProperties() }
    }
    const expiresAt = Date.parse(expiry)
    if (!Number.isFinite(expiresAt) || expiresAt <= now)
      return { error: invalidSessionProperties() }
    sessionProperties.expiry = expiry
  }
  for (const flag of flags) {
    const flagValue = properties[flag]
    if (flagValue === undefined) continue
    if (typeof flagValue !== 'boolean') return { error: invalidSessionProperties() }
    sessionProperties[flag] = flagValue
  }
  return { sessionProperties }
}

/** Milliseconds since the epoch at which a session with these properties ends, if it does. */
export function expiryTime(sessionProperties: SessionProperties): number | undefined {
  if (sessionProperties.expiry === undefined) return undefined
  const expiresAt = Date.parse(sessionProperties.expiry)
  return Number.isFinite(expiresAt) ? expiresAt : undefined
}
