import { isCaipChainId, isObject } from '@metamask/utils'
import type { ChainId } from '../caip/types.ts'
import { invalidParams, type Problem, unauthorized } from '../rpc/errors.ts'
import type { Json } from '../rpc/types.ts'
import {
  type EngineContext,
  findNamespace,
  type HandlerAnswer,
  type HandlerCall,
} from './namespace.ts'

export type InvokeMethodParameters = {
  scope: ChainId
  request: { method: string; params?: Json[] | Record<string, Json> }
}

/** Checks `wallet_invokeMethod` params, reporting every problem with its path. */
export function parseInvokeMethodParams(
  params: unknown,
): { parameters: InvokeMethodParameters } | { problems: Problem[] } {
  if (!isObject(params)) return { problems: [{ path: 'params', message: 'must be an object' }] }
  const problems: Problem[] = []
  const { scope, request } = params
  if (!isCaipChainId(scope)) problems.push({ path: 'scope', message: 'must be a CAIP-2 chain id' })
  if (!isObject(request)) {
    problems.push({ path: 'request', message: 'must be an object' })
  } else {
    if (typeof request.method !== 'string' || request.method === '') {
      problems.push({ path: 'request.method', message: 'must be a non-empty string' })
    }
    if (
      request.params !== undefined &&
      (typeof request.params !== 'object' || request.params === null)
    ) {
      problems.push({ path: 'request.params', message: 'must be an array or an object' })
    }
  }
  if (problems.length > 0) return { problems }
  return { parameters: params as InvokeMethodParameters }
}

/**
 * `wallet_invokeMethod` (DESIGN §4): runs `request` on the chain `scope` when the origin's session
 * grants that method there (`4100` otherwise). The scope's namespace answers it (`Namespace.invoke`):
 * forwarded to the chain's node, with its result or error verbatim, or a wallet method.
 */
export async function invokeMethod(
  context: EngineContext,
  call: HandlerCall,
): Promise<HandlerAnswer> {
  const parsed = parseInvokeMethodParams(call.params)
  if ('problems' in parsed) throw invalidParams(parsed.problems)
  const { scope: chainId, request } = parsed.parameters
  const { session } = call
  const scope =
    session && Object.hasOwn(session.sessionScopes, chainId)
      ? session.sessionScopes[chainId]
      : undefined
  if (!scope?.methods.includes(request.method)) throw unauthorized()
  const namespace = findNamespace(context.namespaces, chainId)
  if (!namespace) throw unauthorized()
  return namespace.invoke(context, call, {
    chainId,
    scope,
    method: request.method,
    params: request.params,
  })
}
