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
 * socket writes.
 *
 * The JSON-RPC floors: what any endpoint that reads the calls it relays must do on top, and nothing
 * more. Each call is read as DESIGN §5 and §8 make the endpoint answer it: the key in the path
 * (401), the JSON-RPC envelope (`parseRequest`), then the endpoint's own checks of the method and
 * params (`refusalOfCall`: the network's allowlist, the params' depth, its params checks), each
 * refusal its JSON-RPC error; no admission, no metrics, no logs, no cache, no batches:
 *
 *   node --import tsx bench/lib/bareProxy.ts json <upstream URL> [eip155|solana]   sends the
 *     call upstream under its own id on the pipelined connections, parses the node's answer and
 *     answers its `result` under the caller's id; a call identical to one in flight (same method,
 *     same params) waits for that one's answer instead (issue 31's shared reads, nothing kept)
 *   node --import tsx bench/lib/bareProxy.ts json-fixed <file> [eip155|solana]     answers the
 *     `result` of <file> under the caller's id (a shared read without any lookup)
 *
 * An endpoint must read each call: which method it is, what its params are; it sends the call
 * under an id of its own (many callers share one connection and may use the same id) and reads
 * the node's answer to refuse one that is not JSON-RPC. Prints `HTTP <url>` once listening (with
 * `/v3/<key>` for the JSON-RPC floors).
 */
import { readFileSync } from 'node:fs'
import { Agent, createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { invalidProjectId, type RpcError } from '../../src/core/rpc/errors.ts'
import { parseRequest } from '../../src/core/rpc/parseRequest.ts'
import type { RpcId } from '../../src/core/rpc/types.ts'
import { errorBody, serializeResponse } from '../../src/endpoint/answerRequests.ts'
import { keyOfPath } from '../../src/endpoint/createHttpCallFront.ts'
import {
  createPipelinedPoster,
  type PipelinedPoster,
} from '../../src/endpoint/createPipelinedPoster.ts'
import type { NetworkName } from '../../src/endpoint/networks/endpointNetwork.ts'
import { networkOf } from '../../src/endpoint/networks/networkOf.ts'
import { refusalOfCall } from '../../src/endpoint/refusalOfCall.ts'

const modes = ['node-http', 'pipelined', 'fixed', 'json', 'json-fixed'] as const
const [mode, target, networkName = 'eip155'] = process.argv.slice(2) as [
  (typeof modes)[number],
  string | undefined,
  NetworkName | undefined,
]
if (!target || !modes.includes(mode) || !['eip155', 'solana'].includes(networkName)) {
  throw new Error(
    'usage: bareProxy.ts node-http|pipelined <upstream URL> | fixed <file> | json <upstream URL> [eip155|solana] | json-fixed <file> [eip155|solana]',
  )
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
  mode === 'pipelined' || mode === 'json'
    ? createPipelinedPoster(target, { connections: 4, depth: 16, maxBodyBytes: 64 * 1024 * 1024 })
    : undefined
const fixed = mode === 'fixed' ? readFileSync(target) : undefined

const network = networkOf(networkName, { localNode: true })
/** The one key the JSON-RPC floors answer (`/v3/<key>`), as the endpoint's keys file would hold it. */
const key = 'floor'
const keys = new Set([key])

/** A JSON-RPC call as the JSON floors read it: its id, method and params, checked. */
type Call = { id: RpcId; method: string; params?: unknown }

/** The call of `body`, or the error it is answered with (DESIGN §5, §8: the endpoint's own checks). */
function callOf(body: Buffer): Call | { id: RpcId; error: RpcError } {
  const parsed = parseRequest(JSON.parse(body.toString('utf8')))
  if ('error' in parsed) return parsed
  const { id = null, method, params } = parsed.request
  const refused = refusalOfCall(network, method, params, 'http')
  return refused ? { id, error: refused } : { id, method, params }
}
const answerTo = ({ id }: { id: RpcId }, resultText: string): string =>
  `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultText}}`
const refusalOf = ({ id, error }: { id: RpcId; error: RpcError }): string =>
  serializeResponse(id, { error }) as string

/** The node's answer's `result`, read as the endpoint reads it: parsed, its envelope checked. */
const resultOf = (text: string): unknown => {
  const answer: unknown = JSON.parse(text)
  if (typeof answer !== 'object' || answer === null || !('result' in answer)) {
    throw new Error('not a JSON-RPC answer')
  }
  return answer.result
}
const fixedResultText =
  mode === 'json-fixed' ? JSON.stringify(resultOf(readFileSync(target, 'utf8'))) : ''
let nextId = 0
/** The results of the calls upstream now, by method and params: identical calls share one. */
const inFlight = new Map<string, Promise<string>>()

/** `method` with `paramsText` sent upstream under an id of this server's; its result's text. */
async function resultTextOf(method: string, paramsText: string): Promise<string> {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER
  const request = `{"jsonrpc":"2.0","id":${nextId},"method":${JSON.stringify(method)},"params":${paramsText}}`
  const answered = Buffer.concat(await (pipelined as PipelinedPoster).post(request, 10_000))
  return JSON.stringify(resultOf(answered.toString('utf8')))
}

const answer = async (body: Buffer): Promise<Buffer | string> => {
  if (fixed) return fixed
  if (pipelined === undefined && mode !== 'json-fixed') return viaNodeHttp(body)
  if (mode === 'pipelined')
    return Buffer.concat(await (pipelined as PipelinedPoster).post(body.toString('utf8'), 10_000))
  const call = callOf(body)
  if ('error' in call) return refusalOf(call)
  if (mode === 'json-fixed') return answerTo(call, fixedResultText)
  const paramsText = JSON.stringify(call.params ?? [])
  const key = `${call.method} ${paramsText}`
  let flight = inFlight.get(key)
  if (flight === undefined) {
    flight = resultTextOf(call.method, paramsText)
    inFlight.set(key, flight)
    const landed = () => inFlight.delete(key)
    flight.then(landed, landed)
  }
  return answerTo(call, await flight)
}

const readsCalls = mode === 'json' || mode === 'json-fixed'
const unknownKey = errorBody(invalidProjectId())

const server = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    if (readsCalls && !keys.has(keyOfPath(req.url) ?? '')) {
      res.writeHead(401, { 'content-type': 'application/json' })
      res.end(unknownKey)
      return
    }
    answer(Buffer.concat(chunks)).then(
      (bytes) => {
        const length = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': length })
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
  const { port } = server.address() as AddressInfo
  console.log(`HTTP http://127.0.0.1:${port}/${readsCalls ? `v3/${key}` : ''}`)
})
process.on('SIGTERM', () => process.exit(0))
