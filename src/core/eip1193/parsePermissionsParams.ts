import { isObject } from '@metamask/utils'
import type { Problem } from '../rpc/errors.ts'

/** The legacy permissions a dapp may name (EIP-2255 as the reference wallet has them). */
export const legacyPermissionNames: readonly string[] = [
  'eth_accounts',
  'endowment:permitted-chains',
]

/**
 * `wallet_requestPermissions` / `wallet_revokePermissions` `[{ eth_accounts: {} }]`: one object
 * naming at least one known permission, each with an object value. Never throws.
 *
 * @example parsePermissionsParams([{ eth_accounts: {} }]) // { permissions: ['eth_accounts'] }
 */
export function parsePermissionsParams(
  params: unknown,
): { permissions: string[] } | { problems: Problem[] } {
  const [first] = Array.isArray(params) ? params : []
  if (!Array.isArray(params) || params.length !== 1 || !isObject(first)) {
    return { problems: [{ path: 'params', message: 'must be [{ eth_accounts: {} }]' }] }
  }
  const names = Object.keys(first)
  const unknown = names.find((name) => !legacyPermissionNames.includes(name))
  if (names.length === 0 || unknown !== undefined) {
    return {
      problems: [
        {
          path: 'params[0]',
          message: `must name only ${legacyPermissionNames.join(' or ')}`,
        },
      ],
    }
  }
  const notObject = names.find((name) => !isObject(first[name]))
  if (notObject !== undefined) {
    return { problems: [{ path: `params[0].${notObject}`, message: 'must be an object' }] }
  }
  return { permissions: names }
}
