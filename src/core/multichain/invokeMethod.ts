import { isCaipChainId, isObject } from '@metamask/utils'
import type { ChainId } from '../caip/types.ts'
import { isSigningMethod, walletNamespaceScope } from '../eth/methods.ts'
import { parseAddEthereumChainParams } from '../eth/parseAddEthereumChainParams.ts'
import { internalError, invalidParams, type Problem, unauthorized } from '../rpc/errors.ts'
import { isRpcErrorObject } from '../rpc/isRpcErrorObject.ts'
import type { Json } from '../rpc/types.ts'
import type { EngineContext, HandlerAnswer, HandlerCall } from './context.ts'
import { invokeSigningMethod } from './invokeSigningMethod.ts'
import type { RoutedNodeAnswer } from './ports.ts'
import { scopeAllowsSubscriptions } from './scopeAllowsSubscriptions.ts'

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

const isNodeAnswer = (answer: unknown): answer is RoutedNodeAnswer => {
  if (!isObject(answer)) return false
  if ('result' in answer) return answer.result !== undefined
  if ('resultJson' in answer) return typeof answer.resultJson === 'string'
  return isRpcErrorObject(answer.error)
}

/** Runs a node call; an unreachable endpoint or a malformed answer becomes `-32603` with `data.cause`. */
async function callNode(call: () => Promise<RoutedNodeAnswer>): Promise<HandlerAnswer> {
  let answer: unknown
  try {
    answer = await call()
  } catch (error) {
    throw internalError(error instanceof Error ? error.message : String(error))
  }
  if (!isNodeAnswer(answer)) throw internalError('the node answered neither a result nor an error')
  if ('result' in answer) return { result: answer.result }
  if ('resultJson' in answer) return { resultJson: answer.resultJson }
  const { code, message, data } = answer.error
  return { error: data === undefined ? { code, message } : { code, message, data } }
}

/**
 * `wallet_invokeMethod` (DESIGN §4): runs `request` on the chain `scope` when the origin's session
 * grants that method there (`4100` otherwise). The node's result or error comes back verbatim.
 * `eth_subscribe`/`eth_unsubscribe` also need `eth_subscription` granted
 * (`scopeAllowsSubscriptions`) and go over the chain's WebSocket, owned by the calling connection.
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

  if (chainId === walletNamespaceScope) {
    // The only method offered there (`walletNamespaceMethods`): granted, so it is this one.
    const parsedChain = parseAddEthereumChainParams(request.params)
    if ('problems' in parsedChain) throw invalidParams(parsedChain.problems)
    const { networks } = context.ports
    const added = await networks.addNetwork({
      origin: call.origin,
      requestKey: call.requestKey,
      draft: parsedChain.draft,
    })
    return { result: added }
  }

  if (isSigningMethod(request.method)) {
    return invokeSigningMethod(context, call, {
      chainId,
      scope,
      method: request.method,
      params: request.params,
    })
  }

  const { nodes } = context.ports
  const owner = { origin: call.origin, connection: call.connection, chainId }
  if (request.method === 'eth_subscribe') {
    if (!scopeAllowsSubscriptions(scope, 'eth_subscribe')) throw unauthorized()
    const params = request.params
    if (!Array.isArray(params) || params.length === 0) {
      throw invalidParams([{ path: 'request.params', message: 'must be [kind, options?]' }])
    }
    return callNode(() => nodes.subscribe(owner, params))
  }
  if (request.method === 'eth_unsubscribe') {
    if (!scopeAllowsSubscriptions(scope, 'eth_unsubscribe')) throw unauthorized()
    const params = request.params
    const subscriptionId = Array.isArray(params) && params.length === 1 ? params[0] : undefined
    if (typeof subscriptionId !== 'string') {
      throw invalidParams([{ path: 'request.params', message: 'must be [subscriptionId]' }])
    }
    return callNode(() => nodes.unsubscribe(owner, subscriptionId))
  }
  return callNode(() => nodes.request(chainId, request.method, request.params))
}
