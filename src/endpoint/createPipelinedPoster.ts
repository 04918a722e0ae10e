import { isIP, connect as netConnect, type Socket } from 'node:net'
import { connect as tlsConnect } from 'node:tls'
import { UpstreamError } from './upstreamError.ts'

export type PipelinedPosterOptions = {
  /** Connections to the node at most. */
  connections: number
  /** Requests under way on one connection at once (HTTP/1.1 pipelining); 1 = one at a time. */
  depth: number
  /** An answer's body past this many bytes fails its call (`too-large`) and drops the connection. */
  maxBodyBytes: number
}

export type PipelinedPoster = {
  /** POSTs `body` (JSON); resolves with the answer's body in the pieces it arrived in. */
  post(body: string, timeoutMs: number): Promise<Buffer[]>
  close(): void
}

/** The most bytes of a status line and headers. */
const maxHeadBytes = 64 * 1024
const headEnd = Buffer.from('\r\n\r\n')
const lineEnd = Buffer.from('\r\n')
const statusLine = /^HTTP\/1\.([01]) (\d{3})/

/**
 * The value of header `name` (lower case) in `fields`, a head in lower case without its final
 * CRLF CRLF; its last line when it is repeated, as a later line overrides an earlier one here.
 */
function headerValue(fields: string, name: string): string | undefined {
  const at = fields.lastIndexOf(`\r\n${name}:`)
  if (at < 0) return undefined
  const from = at + name.length + 3
  const to = fields.indexOf('\r\n', from)
  return fields.slice(from, to < 0 ? fields.length : to).trim()
}

type Call = {
  request: string
  timeoutMs: number
  timer: NodeJS.Timeout
  resolve(body: Buffer[]): void
  reject(error: UpstreamError): void
  /** Sent again once already, after its connection closed before any of its answer came. */
  resent: boolean
  settled: boolean
}

/** Where a connection's reader is in the answer under way. */
type Reading =
  | { state: 'head' }
  | { state: 'length'; remaining: number }
  | { state: 'chunk-size' }
  | { state: 'chunk-data'; remaining: number }
  | { state: 'trailers' }
  | { state: 'until-close' }

type Connection = {
  socket: Socket
  /** Sent, answer not yet complete, oldest first: HTTP/1.1 answers come in request order. */
  inFlight: Call[]
  /** Bytes read and not yet consumed. */
  buffer: Buffer
  reading: Reading
  body: Buffer[]
  bodyBytes: number
  /** The node said `Connection: close`: nothing more is sent on it. */
  closing: boolean
  corked: boolean
  gone: boolean
}

/**
 * A keep-alive HTTP/1.1 JSON-RPC client of one node for small, idempotent reads, cheaper per call
 * than node:http: requests are written straight to a few sockets, up to `depth` on one at once
 * (pipelining), and every request written to a socket in one turn of the event loop goes in one
 * write (docs/performance.md: on loopback a socket write costs more than the rest of a proxied
 * call). Answers are read by content length, chunked or until close. A call has a deadline; at it,
 * its connection is dropped (the node sees it close) and the calls behind it on that connection
 * are sent again on another. A call whose connection closes before any of its answer came is sent
 * again once: these are reads, safe to repeat.
 */
export function createPipelinedPoster(
  url: string,
  options: PipelinedPosterOptions,
): PipelinedPoster {
  const target = new URL(url)
  const secure = target.protocol === 'https:'
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1')
  const port = Number(target.port || (secure ? 443 : 80))
  const authorization =
    target.username || target.password
      ? `Authorization: Basic ${Buffer.from(
          `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`,
        ).toString('base64')}\r\n`
      : ''
  const head = `POST ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n${authorization}Content-Type: application/json\r\nContent-Length: `
  const connections: Connection[] = []
  let depth = options.depth
  /** Calls waiting for room on a connection, oldest first. */
  const queued: Call[] = []
  let closed = false

  const failure = (reason: UpstreamError['reason'], message: string, cause?: unknown) =>
    new UpstreamError(reason, `upstream ${url} ${message}`, cause ? { cause } : undefined)

  function settle(call: Call, outcome: { body: Buffer[] } | { error: UpstreamError }): void {
    if (call.settled) return
    call.settled = true
    clearTimeout(call.timer)
    if ('body' in outcome) call.resolve(outcome.body)
    else call.reject(outcome.error)
  }

  function open(): Connection {
    const socket = secure
      ? tlsConnect({
          host,
          port,
          ...(isIP(host) ? {} : { servername: host }),
          ALPNProtocols: ['http/1.1'],
        })
      : netConnect({ host, port })
    socket.setNoDelay(true)
    const connection: Connection = {
      socket,
      inFlight: [],
      buffer: Buffer.alloc(0),
      reading: { state: 'head' },
      body: [],
      bodyBytes: 0,
      closing: false,
      corked: false,
      gone: false,
    }
    socket.on('data', (data: Buffer) => read(connection, data))
    socket.on('end', () => {
      if (connection.reading.state === 'until-close') complete(connection)
      drop(connection, failure('unreachable', 'closed the connection'))
    })
    socket.on('error', (error) =>
      drop(connection, failure('unreachable', `is unreachable: ${error.message}`, error)),
    )
    socket.on('close', () => drop(connection, failure('unreachable', 'closed the connection')))
    connections.push(connection)
    return connection
  }

  /**
   * Ends a connection: its calls that have heard nothing of their answer go again (once), the
   * others fail with `error`. After an orderly close (`Connection: close` on an answer) the calls
   * behind go again without it counting: the node never saw them.
   */
  function drop(connection: Connection, error: UpstreamError, orderly = false): void {
    if (connection.gone) return
    connection.gone = true
    connections.splice(connections.indexOf(connection), 1)
    connection.socket.destroy()
    const [current, ...behind] = connection.inFlight
    connection.inFlight = []
    const answerBegun = connection.reading.state !== 'head' || connection.buffer.length > 0
    if (current) {
      if (answerBegun || current.resent) settle(current, { error })
      else resend(current)
    }
    for (const call of behind) {
      if (call.resent && !orderly) settle(call, { error })
      else resend(call)
    }
    pump()
  }

  function resend(call: Call): void {
    if (call.settled) return
    call.resent = true
    queued.unshift(call)
  }

  function write(connection: Connection, call: Call): void {
    // The only read under way goes at once: a quiet endpoint's call waits for nothing. Under load
    // there is always one under way, and a turn's reads on a connection go together in one write
    // at the end of the turn (writing each as it comes cost the node and the endpoint ~15 % more
    // CPU per call at concurrency 32: docs/performance.md).
    const alone = connections.every((each) => each.inFlight.length === 0)
    connection.inFlight.push(call)
    const { socket } = connection
    if (connection.inFlight.length === 1) socket.ref()
    if (depth > 1 && !connection.corked && !alone) {
      connection.corked = true
      socket.cork()
      setImmediate(() => {
        connection.corked = false
        socket.uncork()
      })
    }
    socket.write(call.request)
  }

  /** Sends what waits, each on the least busy open connection with room, opening more as allowed. */
  function pump(): void {
    while (queued.length > 0 && !closed) {
      let best: Connection | undefined
      for (const connection of connections) {
        if (connection.closing || connection.inFlight.length >= depth) continue
        if (!best || connection.inFlight.length < best.inFlight.length) best = connection
      }
      if ((!best || best.inFlight.length > 0) && connections.length < options.connections) {
        best = open()
      }
      if (!best) return
      const call = queued.shift() as Call
      if (!call.settled) write(best, call)
    }
  }

  function protocolError(connection: Connection, what: string): void {
    const error = failure('invalid-response', `answered ${what}`)
    const current = connection.inFlight.shift()
    if (current) settle(current, { error })
    drop(connection, error)
  }

  /** The answer under way is whole: its call gets it, and the next one's is read. */
  function complete(connection: Connection): void {
    const call = connection.inFlight.shift()
    const body = connection.body
    connection.body = []
    connection.bodyBytes = 0
    connection.reading = { state: 'head' }
    if (call) settle(call, { body })
    if (connection.inFlight.length === 0) connection.socket.unref()
    if (connection.closing) {
      // A node that closes after an answer is sent one request per connection from now on.
      depth = 1
      drop(connection, failure('unreachable', 'closed the connection'), true)
    } else pump()
  }

  /** Takes up to `count` bytes of the buffer into the body; false past `maxBodyBytes`. */
  function takeBody(connection: Connection, count: number): boolean {
    const piece = connection.buffer.subarray(0, count)
    connection.buffer = connection.buffer.subarray(count)
    connection.bodyBytes += piece.length
    if (connection.bodyBytes > options.maxBodyBytes) {
      const error = failure('too-large', `answered more than ${options.maxBodyBytes} bytes`)
      const current = connection.inFlight.shift()
      if (current) settle(current, { error })
      drop(connection, error)
      return false
    }
    if (piece.length > 0) connection.body.push(piece)
    return true
  }

  function readHead(connection: Connection): boolean {
    const end = connection.buffer.indexOf(headEnd)
    if (end < 0) {
      if (connection.buffer.length > maxHeadBytes) protocolError(connection, 'headers too large')
      return false
    }
    const head = connection.buffer.toString('latin1', 0, end)
    connection.buffer = connection.buffer.subarray(end + headEnd.length)
    const status = statusLine.exec(head)
    if (!status) {
      protocolError(connection, 'something that is not HTTP/1.1')
      return false
    }
    const code = Number(status[2])
    // An interim answer (100 Continue): the real one follows.
    if (code >= 100 && code < 200) return true
    if (connection.inFlight.length === 0) {
      protocolError(connection, 'an answer to no request')
      return false
    }
    // The three headers read, found in the head lower-cased once (no array of lines, no string per
    // header: this runs for every answer).
    const fields = head.toLowerCase()
    const contentLength = headerValue(fields, 'content-length')
    const length = contentLength === undefined ? undefined : Number(contentLength)
    const chunked =
      headerValue(fields, 'transfer-encoding')?.split(',').at(-1)?.trim() === 'chunked'
    const connectionHeader = headerValue(fields, 'connection')
    const keepAlive =
      connectionHeader === undefined
        ? status[1] === '1'
        : connectionHeader.includes('keep-alive') || !connectionHeader.includes('close')
    if (!keepAlive) connection.closing = true
    if (chunked) connection.reading = { state: 'chunk-size' }
    else if (length !== undefined) {
      if (!Number.isSafeInteger(length) || length < 0) {
        protocolError(connection, 'a malformed content length')
        return false
      }
      connection.reading = { state: 'length', remaining: length }
    } else {
      connection.closing = true
      connection.reading = { state: 'until-close' }
    }
    return true
  }

  /** One step of reading; false when it needs more bytes (or the connection is gone). */
  function step(connection: Connection): boolean {
    const { reading } = connection
    switch (reading.state) {
      case 'head':
        return connection.buffer.length > 0 && readHead(connection)
      case 'length': {
        const count = Math.min(reading.remaining, connection.buffer.length)
        if (!takeBody(connection, count)) return false
        reading.remaining -= count
        if (reading.remaining > 0) return false
        complete(connection)
        return !connection.gone
      }
      case 'chunk-size': {
        const end = connection.buffer.indexOf(lineEnd)
        if (end < 0) {
          if (connection.buffer.length > maxHeadBytes) protocolError(connection, 'a bad chunk')
          return false
        }
        const size = Number.parseInt(connection.buffer.toString('latin1', 0, end), 16)
        connection.buffer = connection.buffer.subarray(end + lineEnd.length)
        if (!Number.isSafeInteger(size) || size < 0) {
          protocolError(connection, 'a bad chunk')
          return false
        }
        connection.reading =
          size === 0 ? { state: 'trailers' } : { state: 'chunk-data', remaining: size + 2 }
        return true
      }
      case 'chunk-data': {
        // The chunk and its closing CRLF; the CRLF is taken off the body once read.
        const count = Math.min(reading.remaining, connection.buffer.length)
        const dataLeft = Math.max(0, reading.remaining - 2)
        if (!takeBody(connection, Math.min(count, dataLeft))) return false
        connection.buffer = connection.buffer.subarray(Math.max(0, count - dataLeft))
        reading.remaining -= count
        if (reading.remaining > 0) return false
        connection.reading = { state: 'chunk-size' }
        return true
      }
      case 'trailers': {
        const end = connection.buffer.indexOf(lineEnd)
        if (end < 0) return false
        connection.buffer = connection.buffer.subarray(end + lineEnd.length)
        if (end === 0) {
          complete(connection)
          return !connection.gone
        }
        return true
      }
      case 'until-close':
        return takeBody(connection, connection.buffer.length) && false
    }
  }

  function read(connection: Connection, data: Buffer): void {
    connection.buffer =
      connection.buffer.length === 0 ? data : Buffer.concat([connection.buffer, data])
    while (!connection.gone && step(connection)) {
      // each step consumes what it can
    }
  }

  return {
    post(body, timeoutMs) {
      return new Promise((resolve, reject) => {
        if (closed) {
          reject(failure('unreachable', 'client closed'))
          return
        }
        const call: Call = {
          request: `${head}${Buffer.byteLength(body)}\r\n\r\n${body}`,
          timeoutMs,
          resolve,
          reject,
          resent: false,
          settled: false,
          timer: setTimeout(() => {
            settle(call, {
              error: failure('timeout', `did not answer within ${timeoutMs} ms`),
            })
            const queuedAt = queued.indexOf(call)
            if (queuedAt >= 0) queued.splice(queuedAt, 1)
            // Answers come in order: the calls behind it go again on another connection.
            const connection = connections.find((each) => each.inFlight.includes(call))
            if (connection) {
              connection.inFlight = connection.inFlight.filter((each) => each !== call)
              for (const behind of connection.inFlight) behind.resent = false
              drop(connection, failure('timeout', `did not answer within ${timeoutMs} ms`))
            }
          }, timeoutMs),
        }
        queued.push(call)
        pump()
      })
    },
    close() {
      closed = true
      const error = failure('unreachable', 'client closed')
      for (const call of queued.splice(0)) settle(call, { error })
      for (const connection of [...connections]) {
        for (const call of connection.inFlight) settle(call, { error })
        drop(connection, error)
      }
    },
  }
}
