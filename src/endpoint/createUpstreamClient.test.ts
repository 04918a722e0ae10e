import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  createUpstreamClient,
  paramsTextOf,
  type UpstreamClient,
  UpstreamError,
} from './createUpstreamClient.ts'
import { type RunningAnvil, startAnvil, startEndpoint } from './index.ts'
import { post } from './testSupport.ts'

/** What the node was sent: the body parsed, and its text as it came. */
type Exchange = { body: unknown; text: string }

/**
 * An HTTP server in front of `answer` that records every exchange's body: what the node was sent.
 * `answer` gets the parsed body and returns the JSON to send back, or undefined to never answer.
 */
async function startRecordingNode(
  answer: (body: unknown) => Promise<unknown> | unknown,
): Promise<{ url: string; exchanges: Exchange[]; server: Server }> {
  const exchanges: Exchange[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const body: unknown = JSON.parse(text)
      exchanges.push({ body, text })
      const reply = await answer(body)
      if (reply === undefined) return
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(reply))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, exchanges, server }
}

/** A recording node that forwards every body to anvil and returns anvil's answer. */
const forwardingTo = (anvilUrl: string) => async (body: unknown) => {
  const answer = await fetch(anvilUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return answer.json()
}

const rejectionOf = async (promise: Promise<unknown>): Promise<UpstreamError> => {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!(error instanceof UpstreamError)) throw new Error(`expected an UpstreamError: ${error}`)
  return error
}

let anvil: RunningAnvil
const servers: Server[] = []
const clients: UpstreamClient[] = []

beforeAll(async () => {
  anvil = await startAnvil()
})

afterAll(async () => {
  await anvil?.stop()
})

afterEach(async () => {
  for (const client of clients.splice(0)) client.close()
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

async function setUp(
  answer: (body: unknown) => Promise<unknown> | unknown,
  options?: Parameters<typeof createUpstreamClient>[1],
) {
  const node = await startRecordingNode(answer)
  servers.push(node.server)
  const client = createUpstreamClient(node.url, options)
  clients.push(client)
  return { node, client }
}

const options = { timeoutMs: 5000, batchable: true }

/** After this, the calls made before it have been sent (the client sends at the end of a turn). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('batches of point reads to the upstream node', () => {
  it('sends a point read made alone at once, as one call and not as a batch', async () => {
    const { node, client } = await setUp(forwardingTo(anvil.rpcUrl))

    expect(await client.call('eth_chainId', [], options)).toEqual({ result: '0x7a69' })

    expect(node.exchanges).toHaveLength(1)
    expect(node.exchanges[0]?.body).toMatchObject({ method: 'eth_chainId' })
  })

  it('sends the point reads made while the exchanges are all under way as one batch, each answered as the node answers it alone', async () => {
    const { node, client } = await setUp(forwardingTo(anvil.rpcUrl), {
      maxExchanges: 1,
      maxBatch: 20,
    })
    const addresses = Array.from(
      { length: 20 },
      (_, index) => `0x${(index + 1).toString(16).padStart(40, '0')}`,
    )

    const first = client.call('eth_blockNumber', [], options)
    await nextTurn()
    const balances = addresses.map((address) =>
      client.call('eth_getBalance', [address, 'latest'], options),
    )
    const answers = await Promise.all([first, ...balances])

    // The first goes alone; the twenty made while it is under way wait for it and go together.
    expect(node.exchanges.map(({ body }) => (Array.isArray(body) ? body.length : 1))).toEqual([
      1, 20,
    ])
    const alone = await Promise.all(
      addresses.map((address) =>
        fetch(anvil.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'eth_getBalance',
            params: [address, 'latest'],
          }),
        }).then(async (response) => ({
          result: ((await response.json()) as { result: string }).result,
        })),
      ),
    )
    expect(answers.slice(1)).toEqual(alone)
    expect(answers[0]).toEqual({ result: expect.stringMatching(/^0x[0-9a-f]+$/) })
  })

  it('sends a point read made while no exchange is under way at once, and those made meanwhile together', async () => {
    const { node, client } = await setUp(forwardingTo(anvil.rpcUrl))

    // In one turn: the first does not wait for the turn's end to go with the others.
    const first = client.call('eth_blockNumber', [], options)
    const meanwhile = Array.from({ length: 5 }, (_, index) =>
      client.call(
        'eth_getBalance',
        [`0x${(index + 1).toString(16).padStart(40, '0')}`, 'latest'],
        options,
      ),
    )
    await Promise.all([first, ...meanwhile])

    expect(node.exchanges.map(({ body }) => (Array.isArray(body) ? body.length : 1))).toEqual([
      1, 5,
    ])
  })

  it('splits what waits into batches of at most maxBatch', async () => {
    const { node, client } = await setUp(forwardingTo(anvil.rpcUrl), {
      maxExchanges: 1,
      maxBatch: 4,
    })

    await Promise.all(Array.from({ length: 11 }, () => client.call('eth_chainId', [], options)))

    // The first goes alone, at once; the ten made while it is under way go four at a time.
    expect(node.exchanges.map(({ body }) => (Array.isArray(body) ? body.length : 1))).toEqual([
      1, 4, 4, 2,
    ])
  })

  it('sends a full batch at once, even while the exchanges are all under way', async () => {
    let open: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      open = resolve
    })
    const { node, client } = await setUp(
      async (body) => {
        await gate
        const answer = (item: { id: number }) => ({ jsonrpc: '2.0', id: item.id, result: '0x1' })
        return Array.isArray(body) ? body.map(answer) : answer(body as { id: number })
      },
      { maxExchanges: 1, maxBatch: 4 },
    )

    const first = client.call('eth_blockNumber', [], options)
    await nextTurn()
    const waiting = Array.from({ length: 9 }, () => client.call('eth_blockNumber', [], options))
    // Two full batches go while the first exchange is under way; the ninth call waits for a slot.
    await expect.poll(() => node.exchanges.length).toBe(3)
    open()
    await Promise.all([first, ...waiting])

    expect(node.exchanges.map(({ body }) => (Array.isArray(body) ? body.length : 1))).toEqual([
      1, 4, 4, 1,
    ])
  })

  it('sends every call alone with maxBatch 1, for a node that refuses batches', async () => {
    const { node, client } = await setUp(forwardingTo(anvil.rpcUrl), {
      maxExchanges: 1,
      maxBatch: 1,
    })

    await Promise.all(Array.from({ length: 6 }, () => client.call('eth_chainId', [], options)))

    expect(node.exchanges).toHaveLength(6)
    expect(node.exchanges.every(({ body }) => !Array.isArray(body))).toBe(true)
  })

  it('fails only the call whose answer the node left out of the batch', async () => {
    const { client } = await setUp(
      (body) =>
        Array.isArray(body)
          ? body
              .filter((item: { method: string }) => item.method !== 'eth_gasPrice')
              .map((item: { id: number }) => ({ jsonrpc: '2.0', id: item.id, result: '0x1' }))
          : { jsonrpc: '2.0', id: (body as { id: number }).id, result: '0x0' },
      { maxExchanges: 1 },
    )

    const alone = client.call('eth_blockNumber', [], options)
    await nextTurn()
    const [first, kept, left, other] = await Promise.allSettled([
      alone,
      client.call('eth_blockNumber', [], options),
      client.call('eth_gasPrice', [], options),
      client.call('eth_chainId', [], options),
    ])

    expect(first).toEqual({ status: 'fulfilled', value: { result: '0x0' } })
    expect(kept).toEqual({ status: 'fulfilled', value: { result: '0x1' } })
    expect(other).toEqual({ status: 'fulfilled', value: { result: '0x1' } })
    expect(left.status).toBe('rejected')
    expect((left as PromiseRejectedResult).reason).toMatchObject({ reason: 'invalid-response' })
  })

  it('gives every call of a batch the one error of a node that refuses batches', async () => {
    const refusal = { code: -32600, message: 'batches are not supported' }
    const { client } = await setUp(
      (body) =>
        Array.isArray(body)
          ? { jsonrpc: '2.0', id: null, error: refusal }
          : { jsonrpc: '2.0', id: (body as { id: number }).id, result: '0x0' },
      { maxExchanges: 1 },
    )

    const alone = client.call('eth_blockNumber', [], options)
    await nextTurn()
    const answers = await Promise.all([
      alone,
      ...Array.from({ length: 3 }, () => client.call('eth_blockNumber', [], options)),
    ])

    expect(answers).toEqual([
      { result: '0x0' },
      { error: refusal },
      { error: refusal },
      { error: refusal },
    ])
  })

  it('times out a waiting call under its own deadline, counted from the call', async () => {
    // The node never answers: the first exchange holds the only slot until its deadline.
    const { node, client } = await setUp(() => undefined, { maxExchanges: 1 })

    const settled: string[] = []
    const first = client.call('eth_blockNumber', [], { timeoutMs: 300, batchable: true })
    first.catch(() => settled.push('first'))
    await nextTurn()
    const waiting = client.call('eth_blockNumber', [], { timeoutMs: 100, batchable: true })
    waiting.catch(() => settled.push('waiting'))

    expect((await rejectionOf(waiting)).reason).toBe('timeout')
    expect((await rejectionOf(first)).reason).toBe('timeout')
    // It failed at its own deadline, while the exchange ahead of it was still under way.
    expect(settled).toEqual(['waiting', 'first'])
    // The waiting call's time was up before the slot came free: it never reached the node.
    expect(node.exchanges).toHaveLength(1)
  })
})

describe('params given as their JSON text', () => {
  /** Answers each call of a body (one or a batch) with `0x0`. */
  const zeroes = (body: unknown) => {
    const answer = (call: unknown) => ({
      jsonrpc: '2.0',
      id: (call as { id: number }).id,
      result: '0x0',
    })
    return Array.isArray(body) ? body.map(answer) : answer(body)
  }
  const account = '0x0000000000000000000000000000000000000001'
  // Not how `JSON.stringify` writes it: sent as given, never parsed nor serialized again.
  const paramsText = `[ "${account}",\n"latest" ]`

  it('sends a call’s params as the text given, in the request `call` would send', async () => {
    const { node, client } = await setUp(zeroes)
    const read = { timeoutMs: 5000, pointRead: true }

    await client.callText('eth_getBalance', paramsText, read)
    await client.call('eth_getBalance', [account, 'latest'], read)

    const request = (id: number, params: string) =>
      `{"jsonrpc":"2.0","id":${id},"method":"eth_getBalance","params":${params}}`
    expect(node.exchanges.map(({ text }) => text)).toEqual([
      request(1, paramsText),
      JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'eth_getBalance',
        params: [account, 'latest'],
      }),
    ])
    expect(request(2, paramsTextOf([account, 'latest']))).toBe(node.exchanges[1]?.text)
  })

  it('sends the params’ texts of the calls batched together as given', async () => {
    const { node, client } = await setUp(zeroes, { maxExchanges: 1 })

    const first = client.call('eth_blockNumber', undefined, options)
    await nextTurn()
    const batched = [
      client.callText('eth_getBalance', paramsText, options),
      client.call('eth_getBalance', [account, 'latest'], options),
    ]
    await Promise.all([first, ...batched])

    expect(node.exchanges.map(({ text }) => text)).toEqual([
      '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}',
      `[{"jsonrpc":"2.0","id":2,"method":"eth_getBalance","params":${paramsText}},` +
        `{"jsonrpc":"2.0","id":3,"method":"eth_getBalance","params":["${account}","latest"]}]`,
    ])
  })
})

describe('point reads on pipelined connections', () => {
  it('sends point reads on at most 4 connections to the node, each answered as the node answers it', async () => {
    const { node, client } = await setUp(forwardingTo(anvil.rpcUrl), { pipelineDepth: 16 })
    let connections = 0
    node.server.on('connection', () => connections++)
    const addresses = Array.from(
      { length: 24 },
      (_, index) => `0x${(index + 1).toString(16).padStart(40, '0')}`,
    )

    const answers = await Promise.all(
      addresses.map((address) =>
        client.call('eth_getBalance', [address, 'latest'], { timeoutMs: 5000, pointRead: true }),
      ),
    )

    expect(answers).toEqual(addresses.map(() => ({ result: '0x0' })))
    expect(node.exchanges).toHaveLength(24)
    expect(connections).toBeLessThanOrEqual(4)
  })
})

describe('the endpoint and upstream batches', () => {
  it('batches the point reads of a request and sends every other call alone', async () => {
    const node = await startRecordingNode(forwardingTo(anvil.rpcUrl))
    servers.push(node.server)
    const endpoint = await startEndpoint({
      port: 0,
      upstream: node.url,
      logLevel: 'silent',
      upstreamExchanges: 1,
      cacheMaxBytes: 0,
    })
    try {
      // Another empty account (above the precompiles) for each pair: identical reads would be
      // shared (docs/endpoint.md "Shared reads"), and this is about the calls that reach the node.
      const calls = Array.from({ length: 6 }, (_, index) => {
        const empty = `0x${(0x1000 + index).toString(16).padStart(40, '0')}`
        return [
          { jsonrpc: '2.0', id: 2 * index, method: 'eth_getBalance', params: [empty, 'latest'] },
          {
            jsonrpc: '2.0',
            id: 2 * index + 1,
            method: 'eth_call',
            params: [{ to: empty }, 'latest'],
          },
        ]
      }).flat()
      node.exchanges.length = 0

      const { json } = await post(endpoint.httpUrl, JSON.stringify(calls))
      const answers = json as Array<{ result?: unknown }>

      // A zero balance, and the empty output of a call to an account without code.
      expect(answers.map((answer) => answer.result)).toEqual(
        calls.map((call) => (call.method === 'eth_call' ? '0x' : '0x0')),
      )
      const sent = node.exchanges.map(({ body }) => body)
      const methodsOf = (body: unknown) =>
        (Array.isArray(body) ? body : [body]).map((item: { method: string }) => item.method)
      // Every eth_call went alone; the balances shared exchanges.
      expect(
        sent
          .filter(Array.isArray)
          .flatMap(methodsOf)
          .every((m) => m === 'eth_getBalance'),
      ).toBe(true)
      expect(
        sent
          .filter((body) => !Array.isArray(body))
          .flatMap(methodsOf)
          .filter((m) => m === 'eth_call'),
      ).toHaveLength(6)
      expect(sent.filter((body) => Array.isArray(body)).length).toBeGreaterThan(0)
    } finally {
      await endpoint.close()
    }
  })
})

describe('large answers', () => {
  const big = {
    context: { slot: 7 },
    value: Array.from({ length: 2000 }, (_, index) => ({
      lamports: index,
      data: ['A'.repeat(40), 'base64'],
    })),
  }

  it("keeps a large result as the node's text whether the node writes id before or after it", async () => {
    for (const idFirst of [true, false]) {
      const node = await startRecordingNode((body) => {
        const { id } = body as { id: number }
        return idFirst ? { jsonrpc: '2.0', id, result: big } : { jsonrpc: '2.0', result: big, id }
      })
      servers.push(node.server)
      const client = createUpstreamClient(node.url)
      clients.push(client)
      const answer = await client.call('getMultipleAccounts', [], { timeoutMs: 5000, raw: true })
      if (!('rawResult' in answer))
        throw new Error(`not raw: ${JSON.stringify(answer).slice(0, 100)}`)
      expect(JSON.parse(Buffer.concat(answer.rawResult).toString('utf8'))).toEqual(big)
    }
  })

  it('stops reading an answer past maxBytes and fails the call as too large', async () => {
    const node = await startRecordingNode((body) => ({
      jsonrpc: '2.0',
      result: big,
      id: (body as { id: number }).id,
    }))
    servers.push(node.server)
    const client = createUpstreamClient(node.url)
    clients.push(client)
    const error = await rejectionOf(
      client.call('getProgramAccounts', [], { timeoutMs: 5000, raw: true, maxBytes: 10_000 }),
    )
    expect(error.reason).toBe('too-large')
    expect(error.publicCause).toBe('upstream answer too large')
  })
})
