import type { Json, NodeAnswer, RpcErrorObject } from '../rpc/types.ts'

/**
 * One JSON-RPC call to a chain's node endpoint, as the wallet's own steps (filling, simulating,
 * broadcasting) make it. Throws when the node cannot be reached; a node error is an answer.
 */
export type NodeCall = (method: string, params: Json[]) => Promise<NodeAnswer>

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
