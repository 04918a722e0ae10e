/**
 * The floor of a Node.js endpoint, for `bench/solana.ts`: an HTTP server that does nothing else
 * than the least an endpoint must, run as its own process like the endpoint.
 *
 *   node --import tsx bench/lib/bareProxy.ts node-http <upstream URL>   forwards each body with
 *     node:http (keep-alive agent) and sends the node's bytes back
 *   node --import tsx bench/lib/bareProxy.ts pipelined <upstream URL>   the same over the endpoint's
 *     pipelined connections (`createPipelinedPoster`, 4 × 16)
 *   node --import tsx bench/lib/bareProxy.ts fixed <file>               answers every request with
 *     the bytes of <file> (a cache hit without any lookup)
 *
 * No key, no parsing, no checks, no metrics, no logs: what it costs is node:http's server and the
 * socket writes. Prints `HTTP <url>` once listening.
 */
import { readFileSync } from 'node:fs'
import { Agent, createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPipelinedPoster } from '../../src/endpoint/createPipelinedPoster.ts'

const [mode, target] = process.argv.slice(2)
if (!target || (mode !== 'node-http' && mode !== 'pipelined' && mode !== 'fixed')) {
  throw new Error('usage: bareProxy.ts node-http|pipelined <upstream URL> | fixed <file>')
}

const agent = new Agent({ keepAlive: true, maxSockets: 128 })
const viaNodeHttp = (body: Buffer): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const upstream = request(
      target,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      },
      (answer) => {
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () => resolve(Buffer.concat(chunks)))
      },
    )
    upstream.on('error', reject)
    upstream.end(body)
  })
const pipelined =
  mode === 'pipelined'
    ? createPipelinedPoster(target, { connections: 4, depth: 16, maxBodyBytes: 64 * 1024 * 1024 })
    : undefined
const fixed = mode === 'fixed' ? readFileSync(target) : undefined

const answer = async (body: Buffer): Promise<Buffer> => {
  if (fixed) return fixed
  if (pipelined) return Buffer.concat(await pipelined.post(body.toString('utf8'), 10_000))
  return viaNodeHttp(body)
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    answer(Buffer.concat(chunks)).then(
      (bytes) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length })
        res.end(bytes)
      },
      () => {
        res.writeHead(502)
        res.end()
      },
    )
  })
})
server.keepAliveTimeout = 65_000
server.listen(0, '127.0.0.1', () => {
  console.log(`HTTP http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
})
process.on('SIGTERM', () => process.exit(0))
