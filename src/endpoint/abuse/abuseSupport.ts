/**
 * The abuse suite's harness (issue 11): the endpoint as its CLI runs it, in a process of its own, so
 * its memory can be read from `/proc/<pid>/status` and its log lines from its stdout. Loopback only.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { ReadyLine } from '../readyLine.ts'

const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url))
const cli = fileURLToPath(new URL('../cli.ts', import.meta.url))

/** A long secret key: any log line holding it whole is a leak. */
export const secretKey = 'abuseKEY0123456789abcdef'

export type AbusedEndpoint = {
  ready: ReadyLine
  /** `http://127.0.0.1:<port>/v3/<secretKey>` */
  httpUrl: string
  /** `ws://127.0.0.1:<port>/ws/v3/<secretKey>` */
  wsUrl: string
  /** The endpoint process's own pid (not tsx's). */
  pid: number
  /** Every stdout line so far (pino JSON log lines and the ready line). */
  lines: string[]
  stop(): Promise<void>
}

/** Starts `npm run node -- --json --port 0 --api-key <secretKey> …args` and waits for it to be ready. */
export async function startAbusedEndpoint(args: string[] = []): Promise<AbusedEndpoint> {
  const child: ChildProcess = spawn(
    tsx,
    [cli, '--json', '--port', '0', '--api-key', secretKey, '--stop-on-stdin-close', ...args],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  )
  const lines: string[] = []
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr += chunk
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const ready = await new Promise<ReadyLine>((resolve, reject) => {
    if (!child.stdout) throw new Error('no stdout')
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line)
      if (line.startsWith('{"event":"ready"')) resolve(JSON.parse(line) as ReadyLine)
    })
    exited.then(() => reject(new Error(`the endpoint exited before it was ready: ${stderr}`)))
  })
  return {
    ready,
    httpUrl: ready.http,
    wsUrl: ready.ws,
    pid: ready.pid,
    lines,
    async stop() {
      child.stdin?.end()
      await exited
    },
  }
}

/** Resident memory of a process now (`VmRSS`), in MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1])
  return Math.round(kb / 1024)
}

/**
 * Resolves with the endpoint's memory once it is back within `marginMb` of `beforeMb` (V8 gives
 * freed memory back on its own schedule: idle GCs run seconds after a burst), or after 30 s.
 */
export const rssBackTo = async (
  pid: number,
  beforeMb: number,
  marginMb: number,
): Promise<number> => {
  for (let waited = 0; waited < 30_000; waited += 500) {
    if (rssMb(pid) - beforeMb < marginMb) break
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return rssMb(pid)
}

/** Samples `rssMb(pid)` every 25 ms while `work` runs; resolves with its result and the peak. */
export async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<[T, number]> {
  let peak = rssMb(pid)
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid))
  }, 25)
  try {
    const result = await work()
    return [result, Math.max(peak, rssMb(pid))]
  } finally {
    clearInterval(sampler)
  }
}

/** POSTs `body`; resolves with the status, the body's size in bytes, and the parsed body. */
export async function postRaw(
  url: string,
  body: string,
): Promise<{ status: number; bytes: number; json: unknown }> {
  const response = await fetch(url, { method: 'POST', body })
  const text = await response.text()
  return {
    status: response.status,
    bytes: Buffer.byteLength(text),
    json: text ? JSON.parse(text) : undefined,
  }
}

/**
 * Run by `postFromElsewhere` in a Node process of its own: POSTs a file's body N times at once,
 * writes `sending` once the requests are under way, then the answers as one JSON line.
 */
const senderScript = `
const [url, file, copies] = process.argv.slice(1)
const body = require('node:fs').readFileSync(file)
const answers = Promise.all(Array.from({ length: Number(copies) }, () =>
  fetch(url, { method: 'POST', body }).then((response) => response.text()),
))
setTimeout(() => process.stdout.write('sending\\n'), 10)
answers.then((texts) => process.stdout.write(JSON.stringify(texts) + '\\n'))`

export type PostsFromElsewhere = {
  /** Resolves once the requests are on their way. */
  sending: Promise<void>
  /** Each answer's text. */
  answers: Promise<string[]>
}

/**
 * POSTs `body` `copies` times at once from another Node process, so the sending costs this
 * process's event loop nothing while it measures.
 */
export function postFromElsewhere(url: string, body: string, copies: number): PostsFromElsewhere {
  const directory = mkdtempSync(join(tmpdir(), 'abuse-'))
  const file = join(directory, 'body.json')
  writeFileSync(file, body)
  const child = spawn(process.execPath, ['-e', senderScript, url, file, String(copies)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout })
  let started: () => void = () => undefined
  const sending = new Promise<void>((resolve) => {
    started = resolve
  })
  const answers = new Promise<string[]>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line === 'sending') started()
      else resolve(JSON.parse(line) as string[])
    })
    child.once('exit', (code) => {
      rmSync(directory, { recursive: true, force: true })
      if (code !== 0) reject(new Error(`the sender exited with ${code}`))
    })
  })
  return { sending, answers }
}

/** Milliseconds one `eth_blockNumber` takes end to end. */
export async function smallCallMs(url: string): Promise<number> {
  const started = performance.now()
  const { json } = await postRaw(url, '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}')
  if (!(json as { result?: string }).result) throw new Error(`eth_blockNumber failed: ${json}`)
  return performance.now() - started
}

/** A figure the suite measured, printed for the reader (the assertions are beside it). */
export function report(what: string, figures: Record<string, number | string>): void {
  console.log(`[abuse] ${what}: ${JSON.stringify(figures)}`)
}

/** A client on a bare TCP socket that can stop reading, as a stalled or hostile client does. */
export type StalledClient = {
  /** Sends one masked WebSocket text frame (after `openStalledWebSocket`). */
  sendFrame(text: string): void
  /** Stops reading: what the server sends piles up in its buffers, then in the server. */
  stopReading(): void
  /**
   * Reads again; resolves, once the server closed the connection, with the bytes received and the
   * first 4 KB of them as text.
   */
  drainUntilClosed(): Promise<Received>
  /** Resolves when the server has closed or reset the connection. */
  closed: Promise<void>
  destroy(): void
}

type Received = { bytes: number; head: string }

/** Counts what `socket` receives and keeps its first 4 KB. */
function receive(socket: Socket): Received {
  const received: Received = { bytes: 0, head: '' }
  socket.on('data', (chunk: Buffer) => {
    received.bytes += chunk.length
    if (received.head.length < 4096) received.head += chunk.toString('latin1', 0, 4096)
  })
  return received
}

function stalledClient(socket: Socket, received: Received): StalledClient {
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  socket.on('error', () => undefined)
  return {
    sendFrame(text) {
      const payload = Buffer.from(text)
      const mask = randomBytes(4)
      const length = payload.length
      const header =
        length < 126
          ? Buffer.from([0x81, 0x80 | length])
          : length < 65_536
            ? Buffer.from([0x81, 0x80 | 126, length >> 8, length & 0xff])
            : Buffer.concat([Buffer.from([0x81, 0x80 | 127]), bigEndian64(length)])
      for (let index = 0; index < payload.length; index++) {
        payload[index] = (payload[index] as number) ^ (mask[index % 4] as number)
      }
      socket.write(Buffer.concat([header, mask, payload]))
    },
    stopReading: () => socket.pause(),
    async drainUntilClosed() {
      socket.resume()
      await closed
      return received
    },
    closed,
    destroy: () => socket.destroy(),
  }
}

const bigEndian64 = (value: number): Buffer => {
  const buffer = Buffer.alloc(8)
  buffer.writeBigUInt64BE(BigInt(value))
  return buffer
}

/** Opens a WebSocket to `url` by hand on a bare TCP socket; resolves once the server said 101. */
export async function openStalledWebSocket(url: string): Promise<StalledClient> {
  const { hostname, port, pathname } = new URL(url)
  const socket = connect(Number(port), hostname)
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => {
      socket.write(
        `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
          'Sec-WebSocket-Version: 13\r\n\r\n',
      )
    })
    socket.once('data', (chunk: Buffer) => {
      if (chunk.toString('latin1').startsWith('HTTP/1.1 101')) resolve()
      else reject(new Error(`upgrade refused: ${chunk.toString('latin1').split('\r\n')[0]}`))
    })
    socket.once('error', reject)
  })
  return stalledClient(socket, receive(socket))
}

/** Opens a bare TCP connection to `url`'s host and writes `text` on it. */
export async function openStalledHttp(url: string, text: string): Promise<StalledClient> {
  const { hostname, port } = new URL(url)
  const socket = connect(Number(port), hostname)
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('error', reject)
  })
  const client = stalledClient(socket, receive(socket))
  socket.write(text)
  return client
}
