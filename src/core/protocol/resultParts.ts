import type { EngineResponse } from '../multichain/ports.ts'
import type { RpcId } from '../rpc/types.ts'
import type { BackgroundMessage, PageApi } from './connection.ts'

/** The longest piece of a result text that one port message carries. */
export const resultPartLength = 256 * 1024

/**
 * The port messages that carry `response` to a content script: the response itself, preceded — when
 * its `resultJson` is longer than `partLength` — by `resultPart` messages with the leading pieces of
 * that text, the response keeping the last piece.
 *
 * Why: Chrome serializes every port message whole (by structured clone, `message_serialization` in
 * manifest.json), and a single 5 MB one keeps the content script waiting until the worker has
 * serialized all of it, then the worker idle while the content script takes it in. In pieces, the
 * content script takes in one while the worker sends the next: 10,000 logs reach the page ~10 %
 * sooner than as one message (bench:extension, docs/performance.md).
 *
 * @example
 * responseMessages({ jsonrpc: '2.0', id: 3, resultJson: '[1,2]' }, 2)
 * // [{ type: 'resultPart', id: 3, text: '[1' }, { type: 'resultPart', id: 3, text: ',2' },
 * //  { type: 'response', response: { jsonrpc: '2.0', id: 3, resultJson: ']' } }]
 */
export function responseMessages(
  response: EngineResponse,
  partLength: number = resultPartLength,
): BackgroundMessage[] {
  if (!('resultJson' in response) || response.resultJson.length <= partLength) {
    return [{ type: 'response', response }]
  }
  const { id, resultJson } = response
  const messages: BackgroundMessage[] = []
  let start = 0
  for (; start + partLength < resultJson.length; start += partLength) {
    messages.push({ type: 'resultPart', id, text: resultJson.slice(start, start + partLength) })
  }
  messages.push({
    type: 'response',
    response: { ...response, resultJson: resultJson.slice(start) },
  })
  return messages
}

/**
 * The receiving side of `responseMessages`: keeps the pieces of result texts per request id until
 * their response arrives, and puts the text back together — in the page (`src/inpage/pageWire.ts`,
 * pieces on the page port), or in the content script when the page has no page port.
 */
export function createResultAssembler() {
  const parts = new Map<RpcId, string[]>()
  return {
    add(id: RpcId, text: string): void {
      const pending = parts.get(id)
      if (pending) pending.push(text)
      else parts.set(id, [text])
    },
    /** Forgets the pieces received for `id`: they will come again. */
    drop(id: RpcId): void {
      parts.delete(id)
    },
    /** `response` with the pieces received for its id (now forgotten) in front of its `resultJson`. */
    complete(response: EngineResponse): EngineResponse {
      const pending = parts.get(response.id)
      if (!pending) return response
      parts.delete(response.id)
      if (!('resultJson' in response)) return response
      pending.push(response.resultJson)
      return { ...response, resultJson: pending.join('') }
    },
  }
}

/**
 * One `createResultAssembler` per page API (`connection.ts`): each API numbers its own requests,
 * so two APIs' pieces under the same id stay apart.
 */
export function createApiResultAssemblers(): (api: PageApi) => ResultAssembler {
  const assemblers = new Map<PageApi, ResultAssembler>()
  return (api) => {
    const assembler = assemblers.get(api) ?? createResultAssembler()
    assemblers.set(api, assembler)
    return assembler
  }
}

export type ResultAssembler = ReturnType<typeof createResultAssembler>
