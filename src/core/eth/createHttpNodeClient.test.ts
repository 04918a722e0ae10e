import { describe, expect, it } from 'vitest'
import { createHttpNodeClient, NodeClientError } from './createHttpNodeClient.ts'

const url = 'http://127.0.0.1:8545/v3/dev'

type Call = { url: string; body: unknown }

/** A fetch that answers every call with one fixed HTTP response, recording the requests. */
function answering(status: number, body: string, calls: Call[] = []): typeof fetch {
  return async (input, init) => {
    calls.push({ url: String(input), body: JSON.parse(String(init?.body)) })
    return new Response(body, { status, headers: { 'content-type': 'application/json' } })
  }
}

/** A fetch that never answers until aborted, like a node that hangs. */
const hanging: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
  })

const rejection = async (promise: Promise<unknown>): Promise<NodeClientError> => {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (reason: unknown) => reason,
  )
  if (!(error instanceof NodeClientError)) throw error
  return error
}

describe('createHttpNodeClient', () => {
  it('posts a JSON-RPC 2.0 request and resolves with the result', async () => {
    const calls: Call[] = []
    const node = createHttpNodeClient({
      url,
      fetch: answering(200, '{"jsonrpc":"2.0","id":1,"result":"0x7a69"}', calls),
    })
    expect(await node.request('eth_chainId')).toEqual({ result: '0x7a69' })
    expect(calls).toEqual([{ url, body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' } }])
  })

  it('sends params when given', async () => {
    const calls: Call[] = []
    const node = createHttpNodeClient({
      url,
      fetch: answering(200, '{"jsonrpc":"2.0","id":1,"result":null}', calls),
    })
    await node.request('eth_getTransactionByBlockNumberAndIndex', ['latest', '0x0'])
    expect(calls[0]?.body).toMatchObject({ params: ['latest', '0x0'] })
  })

  it('relays a node error verbatim, data included', async () => {
    const error = {
      code: -32005,
      message: 'query returned more than 10000 results',
      data: { from: '0x1', to: '0x2', limit: 10000 },
    }
    const node = createHttpNodeClient({
      url,
      fetch: answering(200, JSON.stringify({ jsonrpc: '2.0', id: 1, error })),
    })
    expect(await node.request('eth_getLogs', [{}])).toEqual({ error })
  })

  it('relays a JSON-RPC error sent with a non-2xx status (401 invalid project id)', async () => {
    const node = createHttpNodeClient({
      url,
      fetch: answering(
        401,
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"invalid project id"}}',
      ),
    })
    expect(await node.request('eth_chainId')).toEqual({
      error: { code: -32001, message: 'invalid project id' },
    })
  })

  it('rejects with invalid-response when the body is not JSON', async () => {
    const node = createHttpNodeClient({ url, fetch: answering(502, '<html>Bad gateway</html>') })
    const error = await rejection(node.request('eth_chainId'))
    expect(error.reason).toBe('invalid-response')
    expect(error.message).toContain('not JSON')
  })

  it('rejects with invalid-response when the JSON is not a JSON-RPC response', async () => {
    const node = createHttpNodeClient({ url, fetch: answering(200, '{"ok":true}') })
    expect((await rejection(node.request('eth_chainId'))).reason).toBe('invalid-response')
  })

  it('rejects with unreachable when fetch fails, keeping the cause in the message', async () => {
    const refused: typeof fetch = async () => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') })
    }
    const node = createHttpNodeClient({ url, fetch: refused })
    const error = await rejection(node.request('eth_chainId'))
    expect(error.reason).toBe('unreachable')
    expect(error.message).toBe(
      `${url} is unreachable: fetch failed (connect ECONNREFUSED 127.0.0.1:1)`,
    )
  })

  it('rejects with timeout when the node does not answer in time', async () => {
    const node = createHttpNodeClient({ url, fetch: hanging, timeoutMs: 5 })
    expect((await rejection(node.request('eth_chainId'))).reason).toBe('timeout')
  })

  it('rejects with aborted when the caller aborts', async () => {
    const node = createHttpNodeClient({ url, fetch: hanging })
    const controller = new AbortController()
    const pending = node.request('eth_chainId', [], { signal: controller.signal })
    controller.abort()
    expect((await rejection(pending)).reason).toBe('aborted')
  })

  it('uses a new id for every call', async () => {
    const calls: Call[] = []
    const node = createHttpNodeClient({
      url,
      fetch: answering(200, '{"jsonrpc":"2.0","id":1,"result":"0x1"}', calls),
    })
    await node.request('eth_blockNumber')
    await node.request('eth_blockNumber')
    expect(calls.map((call) => (call.body as { id: number }).id)).toEqual([1, 2])
  })
})
