import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpNodeClient } from '../eth/createHttpNodeClient.ts'
import type { NodeCall } from '../rpc/types.ts'
import { checkGenesisHash } from './checkGenesisHash.ts'

/** Solana mainnet-beta's genesis hash: its CAIP-2 reference is the first 32 characters. */
const mainnetGenesisHash = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'
const mainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const devnet = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const options = { timeoutMs: 2000 }

/**
 * A real HTTP JSON-RPC server on a free loopback port: `/<answer>` answers `getGenesisHash` with
 * that answer's body (`mainnet`: the mainnet hash, `refused`: a node error, `number`: a non-hash).
 */
let server: Server
let base: string
const answers: Record<string, unknown> = {
  mainnet: { result: mainnetGenesisHash },
  refused: { error: { code: -32601, message: 'Method not found' } },
  number: { result: 42 },
  short: { result: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
}
const requests: unknown[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const call = JSON.parse(body) as { id: number; method: string }
      requests.push(call)
      const answer = answers[(request.url ?? '/').slice(1)] ?? answers.mainnet
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, ...(answer as object) }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Calls to `/<path>` of the server, as the wallet makes them (bounded in time). */
const client =
  (path: string): NodeCall =>
  (method, params) =>
    createHttpNodeClient({ url: `${base}/${path}` }).request(method, params, options)

describe('checkGenesisHash (the live check of a Solana network’s endpoint)', () => {
  it('passes when the first 32 characters of getGenesisHash are the chain’s reference', async () => {
    expect(await checkGenesisHash(client('mainnet'), mainnet)).toBeUndefined()
    expect(requests.at(-1)).toMatchObject({ method: 'getGenesisHash', params: [] })
  })

  it('refuses an endpoint of another cluster, naming the one it serves', async () => {
    expect(await checkGenesisHash(client('mainnet'), devnet)).toBe(
      `This endpoint serves another Solana cluster (${mainnet}), not ${devnet}.`,
    )
  })

  it('relays the node’s refusal', async () => {
    expect(await checkGenesisHash(client('refused'), mainnet)).toBe(
      'The endpoint refused getGenesisHash: -32601 Method not found.',
    )
  })

  it('refuses an answer that is not a 32-byte base58 hash', async () => {
    for (const path of ['number', 'short']) {
      expect(await checkGenesisHash(client(path), mainnet)).toBe(
        'The endpoint answered getGenesisHash with something else than a genesis hash.',
      )
    }
  })

  it('says so when nothing answers', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    expect(
      await checkGenesisHash(
        (method, params) => createHttpNodeClient({ url }).request(method, params, options),
        mainnet,
      ),
    ).toMatch(/^No JSON-RPC answer from this endpoint \(.+\)\.$/)
  })
})
