import { isObject } from '@metamask/utils'
import type { Problem } from '../rpc/errors.ts'
import { parseAccountId } from './parseAccountId.ts'
import { isNamespace, isValidReference, parseChainId } from './parseChainId.ts'
import type { AccountId, ScopeObject, ScopesObject } from './types.ts'

export type ValidateScopesResult = { scopes: ScopesObject; problems: Problem[] }

/** Which chains a scope key covers: one chain, some references of a namespace, or a whole namespace. */
type ScopeTarget =
  | { kind: 'chain'; chainId: string }
  | { kind: 'namespace'; namespace: string; references?: string[] }

/**
 * Validates a CAIP-217 scopes map (`requiredScopes` or `optionalScopes`, named by `path`) and reports
 * every problem, each with its path (`optionalScopes["eip155"].references[1]`) and a message. The
 * returned `scopes` hold the valid scope objects, reduced to their known members.
 *
 * @example validateScopes({ 'eip155:1': { methods: ['eth_call'], notifications: [] } }, 'requiredScopes')
 */
export function validateScopes(value: unknown, path: string): ValidateScopesResult {
  if (!isObject(value)) {
    return { scopes: {}, problems: [{ path, message: 'must be an object' }] }
  }
  const scopes: ScopesObject = {}
  const problems: Problem[] = []
  for (const [key, scope] of Object.entries(value)) {
    const scopePath = `${path}[${JSON.stringify(key)}]`
    const found: Problem[] = []
    const validated = validateScope(key, scope, scopePath, found)
    problems.push(...found)
    if (validated && found.length === 0) scopes[key] = validated
  }
  return { scopes, problems }
}

function validateScope(
  key: string,
  scope: unknown,
  path: string,
  problems: Problem[],
): ScopeObject | undefined {
  const chain = parseChainId(key)
  if (!chain && !isNamespace(key)) {
    problems.push({ path, message: 'key must be a CAIP-2 namespace or chain id' })
  }
  if (!isObject(scope)) {
    problems.push({ path, message: 'must be an object' })
    return undefined
  }
  const methods = validateStrings(scope.methods, `${path}.methods`, problems)
  const notifications = validateStrings(scope.notifications, `${path}.notifications`, problems)
  let target: ScopeTarget = chain
    ? { kind: 'chain', chainId: chain.chainId }
    : { kind: 'namespace', namespace: key }
  if (scope.references !== undefined) {
    if (chain || !isNamespace(key)) {
      problems.push({ path: `${path}.references`, message: 'is only allowed on a namespace key' })
    } else {
      const references = validateReferences(key, scope.references, `${path}.references`, problems)
      target = { kind: 'namespace', namespace: key, references }
    }
  }
  const accounts =
    scope.accounts === undefined
      ? undefined
      : validateAccounts(scope.accounts, target, `${path}.accounts`, problems)
  if (!methods || !notifications) return undefined
  const result: ScopeObject = { methods, notifications }
  if (target.kind === 'namespace' && target.references) result.references = target.references
  if (accounts) result.accounts = accounts
  return result
}

function validateStrings(value: unknown, path: string, problems: Problem[]): string[] | undefined {
  if (value === undefined) {
    problems.push({ path, message: 'is required (an array of strings)' })
    return undefined
  }
  if (!Array.isArray(value)) {
    problems.push({ path, message: 'must be an array of strings' })
    return undefined
  }
  let valid = true
  value.forEach((item, index) => {
    if (typeof item !== 'string' || item === '') {
      problems.push({ path: `${path}[${index}]`, message: 'must be a non-empty string' })
      valid = false
    }
  })
  return valid ? (value as string[]) : undefined
}

function validateReferences(
  namespace: string,
  value: unknown,
  path: string,
  problems: Problem[],
): string[] | undefined {
  if (!Array.isArray(value)) {
    problems.push({ path, message: 'must be an array of CAIP-2 references' })
    return undefined
  }
  if (value.length === 0) {
    problems.push({ path, message: 'must name at least one reference' })
    return undefined
  }
  let valid = true
  value.forEach((item, index) => {
    if (!isValidReference(namespace, item)) {
      problems.push({
        path: `${path}[${index}]`,
        message: `is not a valid ${namespace} chain reference`,
      })
      valid = false
    }
  })
  return valid ? (value as string[]) : undefined
}

function validateAccounts(
  value: unknown,
  target: ScopeTarget,
  path: string,
  problems: Problem[],
): AccountId[] | undefined {
  if (!Array.isArray(value)) {
    problems.push({ path, message: 'must be an array of CAIP-10 account ids' })
    return undefined
  }
  const accounts: AccountId[] = []
  value.forEach((item, index) => {
    const account = parseAccountId(item)
    if (!account) {
      problems.push({ path: `${path}[${index}]`, message: 'is not a valid CAIP-10 account id' })
      return
    }
    const inScope =
      target.kind === 'chain'
        ? account.chainId === target.chainId
        : account.namespace === target.namespace &&
          (target.references === undefined || target.references.includes(account.reference))
    if (!inScope) {
      problems.push({ path: `${path}[${index}]`, message: 'is not on a chain of this scope' })
      return
    }
    accounts.push(account.accountId)
  })
  return accounts.length === value.length ? accounts : undefined
}
