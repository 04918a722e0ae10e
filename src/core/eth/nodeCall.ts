import type { Json, NodeCall, RpcErrorObject } from '../rpc/types.ts'

// The wallet's steps take their node call from here, beside `nodeResult`; it is declared with the
// JSON-RPC types, where the engine's seam can name it too.
export type { NodeCall }

/** The node answered an error: the wallet passes it to the page verbatim (DESIGN §4). */
export class NodeAnswerError extends Error {
  readonly error: RpcErrorObject

  constructor(method: string, error: RpcErrorObject) {
    super(`${method}: ${error.message}`)
    this.name = 'NodeAnswerError'
    this.error = error
  }
}

/** The result of `method`, or a `NodeAnswerError` carrying the node's error. */
export async function nodeResult(call: NodeCall, method: string, params: Json[]): Promise<Json> {
  const answer = await call(method, params)
  if ('error' in answer) throw new NodeAnswerError(method, answer.error)
  return answer.result
}
