import { isObject } from '@metamask/utils'
import { walletStandardMethods } from '../protocol/walletStandard.ts'
import { invalidParams, methodNotFound, toRpcError } from '../rpc/errors.ts'
import { parseRequest } from '../rpc/parseRequest.ts'
import { failure, success } from '../rpc/response.ts'
import type { RpcResponse } from '../rpc/types.ts'
import type { MultichainEngine } from './ports.ts'

/** How a page request of this API is treated when it is re-sent after a worker restart (DESIGN §6). */
export type WalletStandardResendRules = {
  /** Its answer is kept before it is sent, and a re-send gets it again. */
  replayed: boolean
  /** It may open the approval window: announced to the approvals first. */
  approval: boolean
  /** It may open a confirmation. */
  confirmation: boolean
}

export type WalletStandardApi = {
  /**
   * Answers one request of the page's wallet from `origin` (never throws: errors are JSON-RPC
   * failures); the connection is not needed — the session is the origin's.
   */
  handleRequest(origin: string, connection: string, request: unknown): Promise<RpcResponse>
  resendRules(request: unknown): WalletStandardResendRules
}

const methodOf = (request: unknown): unknown => (isObject(request) ? request.method : undefined)

/** Whether a `standard:connect` asks for no window (`params.silent === true`). */
const isSilent = (request: unknown): boolean =>
  isObject(request) && isObject(request.params) && request.params.silent === true

/**
 * The worker's side of a Wallet Standard wallet's page API for one namespace: `standard:connect`
 * adds the namespace's scopes to the origin's session (`connectNamespace`: the approval window;
 * `{ silent: true }` only reads), `standard:disconnect` removes them (`disconnectNamespace`). A
 * non-silent connect may open the approval window, and both change the session: a re-send after a
 * worker restart gets the first answer again instead of a second window.
 *
 * @example
 * const api = createWalletStandardApi(engine, 'solana')
 * await api.handleRequest('https://app.example', 'tab-1#solana', {
 *   jsonrpc: '2.0', id: 1, method: 'standard:connect', params: { silent: true } })
 * // { jsonrpc: '2.0', id: 1, result: { sessionScopes: {}, sessionProperties: {} } }
 */
export function createWalletStandardApi(
  engine: Pick<MultichainEngine, 'connectNamespace' | 'disconnectNamespace'>,
  namespace: string,
): WalletStandardApi {
  return {
    async handleRequest(origin, _connection, request) {
      const parsed = parseRequest(request)
      if ('error' in parsed) return failure(parsed.id, parsed.error)
      const { id = null, method, params } = parsed.request
      try {
        if (method === walletStandardMethods.connect) {
          if (params !== undefined && (!isObject(params) || Array.isArray(params))) {
            return failure(id, invalidParams([{ path: 'params', message: 'must be an object' }]))
          }
          if (params?.silent !== undefined && typeof params.silent !== 'boolean') {
            return failure(
              id,
              invalidParams([{ path: 'params.silent', message: 'must be a boolean' }]),
            )
          }
          const silent = params?.silent === true
          return success(id, await engine.connectNamespace({ origin, namespace, silent }))
        }
        if (method === walletStandardMethods.disconnect) {
          return success(id, await engine.disconnectNamespace({ origin, namespace }))
        }
        return failure(id, methodNotFound(method))
      } catch (error) {
        return failure(id, toRpcError(error))
      }
    },

    resendRules(request) {
      const method = methodOf(request)
      const connects = method === walletStandardMethods.connect && !isSilent(request)
      return {
        replayed: connects || method === walletStandardMethods.disconnect,
        approval: connects,
        confirmation: false,
      }
    },
  }
}
