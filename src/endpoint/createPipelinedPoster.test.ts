import type { AddressInfo } from 'node:net'
import { createServer, type Server, Socket } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPipelinedPoster, type PipelinedPoster } from './createPipelinedPoster.ts'
import { UpstreamError } from './upstreamError.ts'

type Received = { connection: number; body: string }

/**
 * A node speaking raw HTTP/1.1: it reads requests by their content length, records each with the
 * connection it came on, and writes whatever `answer` returns for it (undefined: never answers).
 */
async function startRawNode(
  answer: (body: string, socket: Socket, index: number) => string | undefined,
): Promise<{ url: string; received: Received[]; connections: () => number; server: Server }> {
  const received: Received[] = []
  let connections = 0
  const server = createServer((socket) => {
    const connection = connections++
    let buffer = ''
    socket.on('data', (data) => {
      buffer += data.toString('latin1')
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n')
        if (end < 0) return
        const length = Number(/content-length: (\d+)/i.exec(buffer.slice(0, end))?.[1])
        if (buffer.length < end + 4 + length) return
        const body = buffer.slice(end + 4, end + 4 + length)
        buffer = buffer.slice(end + 4 + length)
        received.push({ connection, body })
        const reply = answer(body, socket, received.length - 1)
        if (reply !== undefined) socket.write(reply)
      }
    })
    socket.on('error', () => undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, received, connections: () => connections, server }
}

const withLength = (body: string, headers = '') =>
  `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n${headers}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`

const echo = (body: string) => withLength(`{"echo":${body}}`)

const servers: Server[] = []
const posters: PipelinedPoster[] = []

afterEach(async () => {
  for (const poster of posters.splice(0)) poster.close()
  for (const server of servers.splice(0)) {
    await new Promise((resolve) => server.close(resolve))
  }
})

async function setUp(
  answer: Parameters<typeof startRawNode>[0],
  options: Partial<Parameters<typeof createPipelinedPoster>[1]> = {},
) {
  const node = await startRawNode(answer)
  const sockets: Socket[] = []
  node.server.on('connection', (socket) => sockets.push(socket))
  servers.push(node.server)
  node.server.on('close', () => {
    for (const socket of sockets) socket.destroy()
  })
  const poster = createPipelinedPoster(node.url, {
    connections: 1,
    depth: 16,
    maxBodyBytes: 1024 * 1024,
    ...options,
  })
  posters.push(poster)
  return { node, poster }
}

const text = async (pieces: Promise<Buffer[]>) => Buffer.concat(await pieces).toString('utf8')

const rejectionOf = async (promise: Promise<unknown>): Promise<UpstreamError> => {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!(error instanceof UpstreamError)) throw new Error(`expected an UpstreamError: ${error}`)
  return error
}

describe('pipelined posts to a node', () => {
  it('sends the posts of one turn on one connection and gives each its own answer, in order', async () => {
    const { node, poster } = await setUp(echo)

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => text(poster.post(`{"n":${index}}`, 5000))),
    )

    expect(answers).toEqual(Array.from({ length: 10 }, (_, index) => `{"echo":{"n":${index}}}`))
    expect(node.connections()).toBe(1)
  })

  it('hands the only post under way to the socket at once, without waiting for the end of the turn', async () => {
    const { poster } = await setUp(echo, { connections: 4 })
    await poster.post('{"n":0}', 5000)
    const write = vi.spyOn(Socket.prototype, 'write')

    const answer = text(poster.post('{"n":1}', 5000))
    const [socket] = write.mock.contexts as Socket[]
    write.mockRestore()

    expect(socket?.writableCorked).toBe(0)
    expect(socket?.writableLength).toBe(0)
    expect(await answer).toBe('{"echo":{"n":1}}')
  })

  it('holds the posts made while another is under way until the end of the turn, then writes them together', async () => {
    const { poster } = await setUp(echo)
    await poster.post('{"n":0}', 5000)
    const write = vi.spyOn(Socket.prototype, 'write')

    const answers = [1, 2, 3].map((n) => text(poster.post(`{"n":${n}}`, 5000)))
    const [socket] = write.mock.contexts as Socket[]
    write.mockRestore()

    expect(socket?.writableCorked).toBe(1)
    expect(socket?.writableLength).toBeGreaterThan(0)
    expect(await Promise.all(answers)).toEqual([1, 2, 3].map((n) => `{"echo":{"n":${n}}}`))
    expect(socket?.writableCorked).toBe(0)
  })

  it('spreads posts over at most `connections`, each holding at most `depth`', async () => {
    const { node, poster } = await setUp(echo, { connections: 3, depth: 2 })

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => text(poster.post(`${index}`, 5000))),
    )

    expect(answers).toEqual(Array.from({ length: 12 }, (_, index) => `{"echo":${index}}`))
    expect(node.connections()).toBe(3)
  })

  it('reads chunked answers and answers delimited by the end of the connection', async () => {
    const { poster } = await setUp((body, socket) => {
      if (body === '"chunked"') {
        return 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n4\r\n{"a"\r\n3\r\n:1}\r\n0\r\n\r\n'
      }
      socket.end('HTTP/1.0 200 OK\r\ncontent-type: application/json\r\n\r\n{"until":"close"}')
      return undefined
    })

    expect(await text(poster.post('"chunked"', 5000))).toBe('{"a":1}')
    expect(await text(poster.post('"close"', 5000))).toBe('{"until":"close"}')
  })

  it('reads the length, coding and connection headers whatever their case', async () => {
    const { node, poster } = await setUp((body) =>
      body === '"chunked"'
        ? 'HTTP/1.1 200 OK\r\nTransfer-Encoding: CHUNKED\r\n\r\n7\r\n{"b":2}\r\n0\r\n\r\n'
        : `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nCONTENT-LENGTH: 7\r\nConnection: Keep-Alive\r\n\r\n{"a":1}`,
    )

    expect(await text(poster.post('"length"', 5000))).toBe('{"a":1}')
    expect(await text(poster.post('"chunked"', 5000))).toBe('{"b":2}')
    expect(node.connections()).toBe(1)
  })

  it('opens a new connection after an answer that says Connection: close', async () => {
    const { node, poster } = await setUp((body, socket) => {
      const answer = withLength(`{"echo":${body}}`, 'connection: close\r\n')
      socket.end(answer)
      return undefined
    })

    expect(await text(poster.post('1', 5000))).toBe('{"echo":1}')
    expect(await text(poster.post('2', 5000))).toBe('{"echo":2}')
    expect(node.connections()).toBe(2)
  })

  it('answers every post of one turn when the node closes the connection after each answer', async () => {
    const { node, poster } = await setUp((body, socket) => {
      socket.end(withLength(`{"echo":${body}}`, 'connection: close\r\n'))
      return undefined
    })

    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => text(poster.post(`${index}`, 5000))),
    )

    expect(answers).toEqual(Array.from({ length: 5 }, (_, index) => `{"echo":${index}}`))
    expect(node.connections()).toBe(5)
  })

  it('sends again, once, the posts of a connection the node closed before answering them', async () => {
    const { node, poster } = await setUp((body, socket, index) => {
      if (index === 0) {
        socket.destroy()
        return undefined
      }
      return echo(body)
    })

    expect(await text(poster.post('1', 5000))).toBe('{"echo":1}')
    expect(node.received.map(({ connection }) => connection)).toEqual([0, 1])
  })

  it('fails a post as unreachable when the node closes every connection it is sent on', async () => {
    const { node, poster } = await setUp((_body, socket) => {
      socket.destroy()
      return undefined
    })

    expect((await rejectionOf(poster.post('1', 5000))).reason).toBe('unreachable')
    expect(node.received).toHaveLength(2)
  })

  it('times out a post the node does not answer, and sends the posts behind it again on another connection', async () => {
    // An HTTP/1.1 node answers in order: nothing after the stuck post on its connection either.
    const stuckOn = new Set<Socket>()
    const { node, poster } = await setUp((body, socket) => {
      if (body === '"stuck"') stuckOn.add(socket)
      return stuckOn.has(socket) ? undefined : echo(body)
    })

    const stuck = poster.post('"stuck"', 200)
    const behind = poster.post('"behind"', 5000)

    expect((await rejectionOf(stuck)).reason).toBe('timeout')
    expect(await text(behind)).toBe('{"echo":"behind"}')
    // The connection of the stuck post was dropped (the node sees it close).
    expect(node.connections()).toBe(2)
  })

  it('fails an answer larger than maxBodyBytes as too large', async () => {
    const { poster } = await setUp(() => withLength(`"${'x'.repeat(2000)}"`), {
      maxBodyBytes: 1000,
    })

    expect((await rejectionOf(poster.post('1', 5000))).reason).toBe('too-large')
  })

  it('fails an answer that is not HTTP as an invalid response', async () => {
    const { poster } = await setUp(() => 'SSH-2.0-OpenSSH\r\n\r\n')

    expect((await rejectionOf(poster.post('1', 5000))).reason).toBe('invalid-response')
  })

  it('fails a post to a node that is not there as unreachable', async () => {
    const poster = createPipelinedPoster('http://127.0.0.1:1/', {
      connections: 1,
      depth: 4,
      maxBodyBytes: 1000,
    })
    posters.push(poster)

    expect((await rejectionOf(poster.post('1', 5000))).reason).toBe('unreachable')
  })
})
