import { invalidParams, methodNotFound, type RpcError } from '../core/rpc/errors.ts'
import { exceedsDepth, maxParamsDepth } from '../core/rpc/exceedsDepth.ts'
import type { EndpointTransport } from '../core/rpc/types.ts'
import type { EndpointNetwork } from './networks/endpointNetwork.ts'

/**
 * Why the endpoint answers a call itself instead of serving it (DESIGN §5, §8): a method `network`
 * does not serve over `transport` (`-32601`), params nested too deep, or params the network's
 * checks refuse (`-32602`); undefined for a call to serve.
 */
export function refusalOfCall(
  network: EndpointNetwork,
  method: string,
  params: unknown,
  transport: EndpointTransport,
): RpcError | undefined {
  if (!network.isMethod(method, transport)) return methodNotFound(method)
  if (exceedsDepth(params)) {
    return invalidParams([
      { path: 'params', message: `must not nest deeper than ${maxParamsDepth} levels` },
    ])
  }
  return network.checkParams(method, params)
}
