import { describe, expect, it, vi } from 'vitest'
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

/**
 * A fetch whose body arrives in pieces of `size` bytes: all but the last at once, the last when
 * `release` is called (or at once without it).
 */
function answeringInChunks(body: string, size: number, release?: Promise<void>): typeof fetch {
  const bytes = new TextEncoder().encode(body)
  const chunks: Uint8Array[] = []
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.slice(at, at + size))
  return async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        async start(controller) {
          for (const chunk of chunks.slice(0, -1)) controller.enqueue(chunk)
          await release
          controller.enqueue(chunks.at(-1) ?? new Uint8Array())
          controller.close()
        },
      }),
      { status: 200 },
    )
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

  it('relays a node error that carries members beyond code, message and data', async () => {
    const error = { code: -32000, message: 'header not found', data: null, node: 'erigon' }
    const node = createHttpNodeClient({
      url,
      fetch: answering(200, JSON.stringify({ jsonrpc: '2.0', id: 1, error })),
    })
    expect(await node.request('eth_getBalance', ['0x0', '0x1'])).toEqual({ error })
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

  describe('relay', () => {
    const logs = [
      {
        address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
        topics: ['0x1a2a2f5e4f1a4c0b28ab8ed5c3bbff8f4cdf1a0d6c2b8d0a7e0b8a3f7f6e5d4c'],
        data: '0x0000000000000000000000000000000000000000000000000000000000000001',
        removed: false,
      },
    ]

    it('resolves with the result as the node wrote it, unparsed', async () => {
      const written = ` [ ${JSON.stringify(logs[0])} ] `
      const node = createHttpNodeClient({
        url,
        fetch: answering(200, `{"jsonrpc":"2.0","id":1,"result":${written}}`),
      })
      expect(await node.relay('eth_getLogs', [{}])).toEqual({ resultJson: written.trim() })
    })

    it('finds the result wherever the node puts it among the members', async () => {
      const node = createHttpNodeClient({
        url,
        fetch: answering(200, `{"result":${JSON.stringify(logs)},"id":1,"jsonrpc":"2.0"}`),
      })
      expect(await node.relay('eth_getLogs', [{}])).toEqual({ resultJson: JSON.stringify(logs) })
    })

    describe('with onResultPiece', () => {
      const longResult = JSON.stringify(
        Array.from({ length: 2_000 }, (_, index) => ({ ...logs[0], logIndex: `0x${index}` })),
      )

      it('hands the result on in pieces while the body arrives; the answer keeps the rest', async () => {
        let release = () => {}
        const released = new Promise<void>((resolve) => {
          release = resolve
        })
        const pieces: string[] = []
        const node = createHttpNodeClient({
          url,
          fetch: answeringInChunks(
            `{"jsonrpc":"2.0","id":1,"result":${longResult}}`,
            16 * 1024,
            released,
          ),
        })
        const answer = node.relay('eth_getLogs', [{}], {
          onResultPiece: (text) => pieces.push(text),
        })
        // The body's last chunk is held until a piece came out: pieces go before the body ends.
        await vi.waitFor(() => expect(pieces.length).toBeGreaterThan(0))
        release()
        const { resultJson } = (await answer) as { resultJson: string }
        expect(pieces.join('') + resultJson).toBe(longResult)
        expect(pieces.length).toBeGreaterThan(1)
      })

      it('keeps a character whose bytes are split between chunks whole', async () => {
        const result = JSON.stringify(['é'.repeat(70_000), '🦊'.repeat(20_000)])
        const pieces: string[] = []
        const node = createHttpNodeClient({
          url,
          fetch: answeringInChunks(`{"jsonrpc":"2.0","id":"a","result":${result} }`, 7),
        })
        const answer = await node.relay('eth_call', [], {
          onResultPiece: (text) => pieces.push(text),
        })
        expect(pieces.join('') + (answer as { resultJson: string }).resultJson).toBe(result)
      })

      it('reads an error answer whole and hands no piece on', async () => {
        const error = { code: -32005, message: 'query returned more than 10000 results' }
        const pieces: string[] = []
        const node = createHttpNodeClient({
          url,
          fetch: answeringInChunks(JSON.stringify({ jsonrpc: '2.0', id: 1, error }), 8),
        })
        const answer = await node.relay('eth_getLogs', [{}], {
          onResultPiece: (text) => pieces.push(text),
        })
        expect(answer).toEqual({ error })
        expect(pieces).toEqual([])
      })

      it('reads a body that does not start as jsonrpc, id, result whole', async () => {
        const pieces: string[] = []
        const node = createHttpNodeClient({
          url,
          fetch: answeringInChunks(`{"result":${longResult},"id":1,"jsonrpc":"2.0"}`, 16 * 1024),
        })
        const answer = await node.relay('eth_getLogs', [{}], {
          onResultPiece: (text) => pieces.push(text),
        })
        expect(answer).toEqual({ resultJson: longResult })
        expect(pieces).toEqual([])
      })

      it('rejects a body that breaks off after pieces were handed on', async () => {
        const pieces: string[] = []
        const cut = `{"jsonrpc":"2.0","id":1,"result":${longResult}`
        const node = createHttpNodeClient({ url, fetch: answeringInChunks(cut, 16 * 1024) })
        const error = await rejection(
          node.relay('eth_getLogs', [{}], { onResultPiece: (text) => pieces.push(text) }),
        )
        expect(error.reason).toBe('invalid-response')
        expect(pieces.length).toBeGreaterThan(0)
      })
    })

    it('relays a null result as the text null', async () => {
      const node = createHttpNodeClient({
        url,
        fetch: answering(200, '{"jsonrpc":"2.0","id":1,"result":null}'),
      })
      expect(await node.relay('eth_getTransactionByHash', ['0x00'])).toEqual({
        resultJson: 'null',
      })
    })

    it('relays a node error verbatim, parsed, data included', async () => {
      const error = {
        code: -32005,
        message: 'query returned more than 10000 results',
        data: { from: '0x1', to: '0x2', limit: 10000 },
      }
      const node = createHttpNodeClient({
        url,
        fetch: answering(200, JSON.stringify({ jsonrpc: '2.0', id: 1, error })),
      })
      expect(await node.relay('eth_getLogs', [{}])).toEqual({ error })
    })

    it('reads an answer with escaped keys by parsing it whole', async () => {
      const node = createHttpNodeClient({
        url,
        fetch: answering(200, '{"jsonrpc":"2.0","id":1,"res\\u0075lt":["0x1"]}'),
      })
      expect(await node.relay('eth_accounts')).toEqual({ resultJson: '["0x1"]' })
    })

    it('rejects with invalid-response, the parse error as cause, when the body is not JSON', async () => {
      const node = createHttpNodeClient({
        url,
        fetch: answering(200, '{"jsonrpc":"2.0","id":1,"result":["0x1"'),
      })
      const error = await rejection(node.relay('eth_getLogs', [{}]))
      expect(error.reason).toBe('invalid-response')
      expect(error.message).toBe(`${url} answered HTTP 200 with a body that is not JSON`)
      expect(error.cause).toBeInstanceOf(SyntaxError)
    })

    it('rejects with invalid-response when the JSON is not a JSON-RPC response', async () => {
      const node = createHttpNodeClient({ url, fetch: answering(200, '{"ok":true}') })
      const error = await rejection(node.relay('eth_chainId'))
      expect(error.reason).toBe('invalid-response')
      expect(error.message).toContain('not a JSON-RPC response')
    })

    it('rejects with unreachable when fetch fails', async () => {
      const refused: typeof fetch = async () => {
        throw new TypeError('fetch failed')
      }
      const node = createHttpNodeClient({ url, fetch: refused })
      expect((await rejection(node.relay('eth_chainId'))).reason).toBe('unreachable')
    })
  })
})
