import { once } from 'node:events'
import { type IncomingMessage, request } from 'node:http'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keyOfPath } from './createHttpCallFront.ts'
import { type RunningEndpoint, startEndpoint } from './index.ts'
import { lingerBounds } from './lingeringClose.ts'

const chainId = '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}'
const bodyLimitBytes = 64 * 1024

let endpoint: RunningEndpoint
let port: number

beforeAll(async () => {
  endpoint = await startEndpoint({ port: 0, apiKeys: ['dev'], logLevel: 'silent', bodyLimitBytes })
  port = Number(new URL(endpoint.origin).port)
})

afterAll(async () => {
  await endpoint?.close()
})

/** Every byte a raw HTTP exchange brought back until the server closed the connection. */
async function exchange(text: string): Promise<string> {
  const socket = connect(port, '127.0.0.1')
  const chunks: Buffer[] = []
  socket.on('data', (chunk: Buffer) => chunks.push(chunk))
  socket.write(text)
  await once(socket, 'close')
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * A client that writes a whole body of `bodyBytes` (declared) to `path` before it reads anything, in
 * 64 KiB writes, at most `writeBytes` of it (the rest never comes), then ends its side; resolves with the
 * first write error (if any), how many bytes it wrote, and every byte it read back until the
 * server closed the connection.
 */
async function writeWholeBodyFirst(
  bodyBytes: number,
  writeBytes = bodyBytes,
  path = '/v3/dev',
): Promise<{ writeError: string | undefined; written: number; raw: string }> {
  const socket = connect(port, '127.0.0.1')
  socket.pause()
  const chunks: Buffer[] = []
  let writeError: string | undefined
  socket.on('error', (error: NodeJS.ErrnoException) => {
    writeError ??= error.code ?? error.message
  })
  const closed = new Promise((resolve) => socket.once('close', resolve))
  const write = (data: string | Buffer) =>
    new Promise<boolean>((resolve) => {
      socket.write(data, (error) => {
        if (error) writeError ??= (error as NodeJS.ErrnoException).code ?? error.message
        resolve(!error)
      })
    })
  await write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: ${bodyBytes}\r\n\r\n`)
  const piece = Buffer.alloc(64 * 1024, 'x')
  let written = 0
  while (written < writeBytes && !socket.destroyed) {
    const size = Math.min(piece.length, writeBytes - written)
    if (!(await write(piece.subarray(0, size)))) break
    written += size
  }
  if (!socket.destroyed) socket.end()
  socket.on('data', (chunk: Buffer) => chunks.push(chunk))
  socket.resume()
  await closed
  return { writeError, written, raw: Buffer.concat(chunks).toString('utf8') }
}

type Answer = { status: number; headers: IncomingMessage['headers']; text: string }

/** POSTs `pieces` to `path` as a chunked body, `pauseMs` apart (a slow client). */
function postPieces(path: string, pieces: string[], pauseMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ port, host: '127.0.0.1', path, method: 'POST' }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      )
    })
    outgoing.on('error', reject)
    const writeNext = (index: number) => {
      if (index === pieces.length) {
        outgoing.end()
        return
      }
      outgoing.write(pieces[index])
      setTimeout(() => writeNext(index + 1), pauseMs)
    }
    writeNext(0)
  })
}

describe('keyOfPath', () => {
  it('reads the key of /v3/<KEY>, without a query or fragment', () => {
    expect(keyOfPath('/v3/dev')).toBe('dev')
    expect(keyOfPath('/v3/my_Key-9?x=1')).toBe('my_Key-9')
    expect(keyOfPath('/v3/dev#top')).toBe('dev')
  })

  it.each([
    '/v3/',
    '/v3',
    '/v3/dev/',
    '/v3/dev/extra',
    '/v3/%64ev',
    '/v3/dev;x',
    '/V3/dev',
    '//v3/dev',
    'http://host/v3/dev',
    `/v3/${'k'.repeat(101)}`,
  ])('leaves %s to the router', (path) => {
    expect(keyOfPath(path)).toBeUndefined()
  })

  it('takes a key of 100 characters, the longest the router takes', () => {
    expect(keyOfPath(`/v3/${'k'.repeat(100)}`)).toBe('k'.repeat(100))
  })
})

describe('POST /v3/<KEY> on the front', () => {
  it('answers a body that arrives in pieces, slowly, chunked', async () => {
    const answer = await postPieces('/v3/dev', [chainId.slice(0, 10), chainId.slice(10)], 50)
    expect(answer.status).toBe(200)
    expect(answer.headers['access-control-allow-origin']).toBe('*')
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(JSON.parse(answer.text)).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
  })

  it('answers a chunked body that grows over the limit with 413, CORS, and closes', async () => {
    const piece = 'x'.repeat(16 * 1024)
    const answer = await postPieces('/v3/dev', Array(6).fill(piece), 5)
    expect(answer.status).toBe(413)
    expect(answer.headers['access-control-allow-origin']).toBe('*')
    expect(answer.headers.connection).toBe('close')
    expect(JSON.parse(answer.text)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: `Invalid Request: body larger than ${bodyLimitBytes} bytes` },
    })
  })

  it('lets a client that writes its whole 8 MiB body before reading get its 413, then closes', async () => {
    const { writeError, written, raw } = await writeWholeBodyFirst(8 * 1024 * 1024)
    expect(writeError).toBeUndefined()
    expect(written).toBe(8 * 1024 * 1024)
    expect(raw).toMatch(/^HTTP\/1\.1 413 /)
    expect(raw).toContain('connection: close')
    expect(raw).toContain(`body larger than ${bodyLimitBytes} bytes`)
  })

  it('lets a client that writes its whole 8 MiB body to /v3/%64ev, a path the front leaves to the router, get its 413, then closes', async () => {
    const { writeError, written, raw } = await writeWholeBodyFirst(
      8 * 1024 * 1024,
      8 * 1024 * 1024,
      '/v3/%64ev',
    )
    expect(writeError).toBeUndefined()
    expect(written).toBe(8 * 1024 * 1024)
    expect(raw).toMatch(/^HTTP\/1\.1 413 /)
    expect(raw).toContain('connection: close')
    expect(raw).toContain('access-control-allow-origin: *')
    expect(raw).toContain(`body larger than ${bodyLimitBytes} bytes`)
  })

  it('drops a refused body only up to 16 MiB, then closes the connection', async () => {
    const declared = 64 * 1024 * 1024
    const started = performance.now()
    const { writeError, written } = await writeWholeBodyFirst(declared, 48 * 1024 * 1024)
    expect(writeError).toBeDefined()
    expect(written).toBeLessThan(lingerBounds.bytes + 8 * 1024 * 1024)
    expect(performance.now() - started).toBeLessThan(lingerBounds.ms)
  })

  it('closes a refused connection whose body trickles in after 2 s', async () => {
    // Half-open: it still sends after the server's end, 1 KiB every 100 ms, as a slow writer does.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true })
    socket.on('error', () => {})
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    const closed = new Promise((resolve) => socket.once('close', resolve))
    socket.write(`POST /v3/dev HTTP/1.1\r\nHost: x\r\nContent-Length: ${8 * 1024 * 1024}\r\n\r\n`)
    const started = performance.now()
    const trickle = setInterval(() => socket.write(Buffer.alloc(1024, 'x')), 100)
    await closed
    clearInterval(trickle)
    const lingered = performance.now() - started
    expect(Buffer.concat(chunks).toString('utf8')).toMatch(/^HTTP\/1\.1 413 /)
    expect(lingered).toBeGreaterThan(lingerBounds.ms - 200)
    expect(lingered).toBeLessThan(lingerBounds.ms + 1500)
  })

  it('refuses a declared content-length over the limit before reading the body', async () => {
    const raw = await exchange(
      `POST /v3/dev HTTP/1.1\r\nHost: x\r\nContent-Length: ${bodyLimitBytes + 1}\r\n\r\n`,
    )
    expect(raw).toMatch(/^HTTP\/1\.1 413 /)
    expect(raw).toContain('access-control-allow-origin: *')
    expect(raw).toContain(`body larger than ${bodyLimitBytes} bytes`)
  })

  it('answers a notification with 204, CORS and no body', async () => {
    const answer = await postPieces('/v3/dev', ['{"jsonrpc":"2.0","method":"eth_chainId"}'], 0)
    expect(answer.status).toBe(204)
    expect(answer.headers['access-control-allow-origin']).toBe('*')
    expect(answer.text).toBe('')
  })

  it('answers an unknown key with 401 and CORS after reading its body', async () => {
    const answer = await postPieces('/v3/nope', [chainId], 0)
    expect(answer.status).toBe(401)
    expect(answer.headers['access-control-allow-origin']).toBe('*')
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: -32001 } })
  })

  it('answers requests pipelined on one connection, in order', async () => {
    const second = '{"jsonrpc":"2.0","id":2,"method":"net_version"}'
    const raw = await exchange(
      `POST /v3/dev HTTP/1.1\r\nHost: x\r\nContent-Length: ${chainId.length}\r\n\r\n${chainId}` +
        `POST /v3/dev?x=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: ${second.length}\r\n\r\n${second}`,
    )
    const first = raw.indexOf('{"jsonrpc":"2.0","id":1,"result":"0x7a69"}')
    const then = raw.indexOf('{"jsonrpc":"2.0","id":2,"result":"31337"}')
    expect(first).toBeGreaterThan(0)
    expect(then).toBeGreaterThan(first)
  })

  it.each(['/v3/%64ev', 'http://127.0.0.1/v3/dev'])(
    'answers %s, a path the front leaves to the router, the same way',
    async (path) => {
      const raw = await exchange(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: ${chainId.length}\r\n\r\n${chainId}`,
      )
      expect(raw).toMatch(/^HTTP\/1\.1 200 /)
      expect(raw).toContain('access-control-allow-origin: *')
      expect(raw).toContain('{"jsonrpc":"2.0","id":1,"result":"0x7a69"}')
    },
  )
})
