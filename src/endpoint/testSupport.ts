/**
 * Helpers of the endpoint's integration tests: raw JSON-RPC over HTTP and WebSocket, and a tiny
 * contract whose fallback emits `Tick(uint256)` N times (N = the calldata word), deployed as raw
 * bytecode on anvil.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import WebSocket from 'ws'
import type { Json } from '../core/rpc/types.ts'

/** anvil's first funded account (test mnemonic, index 0). */
export const deployer = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** keccak256("Tick(uint256)") */
export const tickTopic = '0xb8c95b3cea6303a753d912e243354ef08add1085ed07d34191514ef1001ef9d8'

/**
 * Runtime: `for (i = 0; i < calldata[0]; i++) { mstore(0, i); log1(0, 32, tickTopic) }`.
 * Init: copy the 63-byte runtime to memory and return it.
 */
export const emitterBytecode = `0x603f80600b6000396000f360003560005b81811015603d57806000527f${tickTopic.slice(2)}60206000a16001016005565b00`

/**
 * Runtime: `for (i = 0; i < calldata[0]; i++) log1(0, calldata[1], tickTopic)`: logs whose data is
 * `calldata[1]` zero bytes, to make answers of many megabytes. Init as above (61-byte runtime).
 */
export const payloadEmitterBytecode = `0x603d80600b6000396000f360203560003560005b81811015603b577f${tickTopic.slice(2)}836000a16001016008565b00`

export type RpcEnvelope = {
  jsonrpc: '2.0'
  id: number | string | null
  result?: Json
  error?: { code: number; message: string; data?: Json }
}

/** POSTs a body and returns the status, headers and the parsed JSON (undefined when empty). */
export async function post(
  url: string,
  body: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): Promise<{ status: number; headers: Headers; json: unknown }> {
  const response = await fetch(url, { method: 'POST', body, headers })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    json: text ? JSON.parse(text) : undefined,
  }
}

let nextId = 1

/** One JSON-RPC call; resolves with the whole response envelope. */
export async function call(url: string, method: string, params: Json[] = []): Promise<RpcEnvelope> {
  const { json } = await post(url, JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }))
  return json as RpcEnvelope
}

/** One JSON-RPC call that must succeed; resolves with its result. */
export async function result(url: string, method: string, params: Json[] = []): Promise<Json> {
  const envelope = await call(url, method, params)
  if (envelope.error) throw new Error(`${method}: ${JSON.stringify(envelope.error)}`)
  return envelope.result ?? null
}

const word = (value: number): string => value.toString(16).padStart(64, '0')

type Receipt = { contractAddress: string | null; blockNumber: string; status: string }

async function send(anvilUrl: string, transaction: Record<string, string>): Promise<Receipt> {
  const hash = await result(anvilUrl, 'eth_sendTransaction', [{ from: deployer, ...transaction }])
  // anvil answers eth_sendTransaction before its automined block is in: wait for the receipt.
  for (let attempt = 0; attempt < 250; attempt++) {
    const receipt = (await result(anvilUrl, 'eth_getTransactionReceipt', [hash])) as Receipt | null
    if (receipt?.status === '0x1') return receipt
    if (receipt) throw new Error(`transaction ${hash} reverted`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`transaction ${hash} was not mined`)
}

/** Deploys the log emitter on anvil (directly, not through the endpoint); resolves with its address. */
export async function deployEmitter(anvilUrl: string): Promise<string> {
  const receipt = await send(anvilUrl, { data: emitterBytecode, gas: '0x100000' })
  if (!receipt.contractAddress) throw new Error('no contract address')
  return receipt.contractAddress
}

/** Makes the emitter log `count` Tick events in one new block; resolves with that block's number. */
export async function emitLogs(anvilUrl: string, emitter: string, count: number): Promise<bigint> {
  const receipt = await send(anvilUrl, {
    to: emitter,
    data: `0x${word(count)}`,
    gas: `0x${(60_000 + count * 1_300).toString(16)}`,
  })
  return BigInt(receipt.blockNumber)
}

/** Deploys the payload emitter (`payloadEmitterBytecode`); resolves with its address. */
export async function deployPayloadEmitter(anvilUrl: string): Promise<string> {
  const receipt = await send(anvilUrl, { data: payloadEmitterBytecode, gas: '0x100000' })
  if (!receipt.contractAddress) throw new Error('no contract address')
  return receipt.contractAddress
}

/**
 * Makes the payload emitter log `count` events of `bytes` bytes of data each in one new block
 * (200 of 16 KiB fit in anvil's 30M gas); resolves with that block's number.
 */
export async function emitPayloadLogs(
  anvilUrl: string,
  emitter: string,
  count: number,
  bytes: number,
): Promise<bigint> {
  const words = Math.ceil(bytes / 32)
  const memoryGas = words * 3 + Math.floor((words * words) / 512)
  const receipt = await send(anvilUrl, {
    to: emitter,
    data: `0x${word(count)}${word(bytes)}`,
    gas: `0x${(60_000 + memoryGas + count * (8 * bytes + 1_000)).toString(16)}`,
  })
  return BigInt(receipt.blockNumber)
}

export const hex = (value: bigint | number): string => `0x${value.toString(16)}`

/** A JSON-RPC WebSocket client that keeps every notification it receives. */
export type TestSocket = {
  request(method: string, params?: Json[]): Promise<RpcEnvelope>
  /**
   * Resolves with the next event of `subscription` (waiting for it): an `eth_subscription`, or a
   * Solana `<kind>Notification` (whose method `methodOf` tells).
   */
  nextEvent(subscription: string | number): Promise<Json>
  /** The events of `subscription` received and not yet taken by `nextEvent`. */
  queued(subscription: string | number): Json[]
  /** The notification method `subscription`'s events came as. */
  methodOf(subscription: string | number): string | undefined
  /** Resolves when the socket closes, with its close code. */
  closed: Promise<number>
  close(): Promise<void>
}

export async function openSocket(url: string): Promise<TestSocket> {
  const socket = new WebSocket(url)
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  const answers = new Map<number, (envelope: RpcEnvelope) => void>()
  const events = new Map<string, Json[]>()
  const methods = new Map<string, string>()
  const waiters = new Map<string, (event: Json) => void>()
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as RpcEnvelope & {
      method?: string
      params?: { subscription: string | number; result: Json }
    }
    if (message.method !== undefined && message.params) {
      const subscription = String(message.params.subscription)
      const event = message.params.result
      methods.set(subscription, message.method)
      const waiter = waiters.get(subscription)
      if (waiter) {
        waiters.delete(subscription)
        waiter(event)
      } else events.set(subscription, [...(events.get(subscription) ?? []), event])
      return
    }
    if (typeof message.id === 'number') answers.get(message.id)?.(message)
  })
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
  return {
    request(method, params = []) {
      const id = nextId++
      return new Promise((resolve) => {
        answers.set(id, resolve)
        socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
      })
    },
    nextEvent(subscription) {
      const key = String(subscription)
      const queued = events.get(key)
      if (queued?.length) return Promise.resolve(queued.shift() as Json)
      return new Promise((resolve) => waiters.set(key, resolve))
    },
    queued: (subscription) => [...(events.get(String(subscription)) ?? [])],
    methodOf: (subscription) => methods.get(String(subscription)),
    closed,
    async close() {
      socket.close()
      await closed
    },
  }
}

/** Waits until `condition()` holds, checking every 20 ms (for state that settles asynchronously). */
export async function eventually(condition: () => Promise<boolean>, attempts = 250): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (await condition()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('condition never held')
}

/**
 * Whether process `pid` is alive: it exists and is not a zombie (a child killed by its parent's exit
 * hook stays listed until whoever inherited it reaps it, which a loaded machine may delay).
 */
export function isRunning(pid: number): boolean {
  if (!(pid > 0)) throw new Error(`not a process id: ${pid}`)
  try {
    process.kill(pid, 0)
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ESRCH') return false
    throw error
  }
  return processState(pid) !== 'Z'
}

/** The state letter of `/proc/<pid>/stat` (`R`, `S`, `Z`, …); undefined where there is none. */
function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // `pid (comm) state …`: comm may hold spaces and parentheses, so read after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
  } catch {
    return undefined
  }
}

/** A relay in front of a node that counts the JSON-RPC calls it passes on (`startCountingRelay`). */
export type CountingRelay = {
  /** `http://127.0.0.1:<port>`: give it to the endpoint as `upstream`. */
  url: string
  /** The calls relayed of `method` (the calls of a batch each count). */
  count(method: string): number
  close(): Promise<void>
}

/**
 * An HTTP relay to `target` that counts each JSON-RPC call it is sent and holds every request
 * `delayMs` before passing it on unchanged: calls made meanwhile meet one still on its way.
 */
export async function startCountingRelay(
  target: string,
  options: { delayMs?: number } = {},
): Promise<CountingRelay> {
  const counts = new Map<string, number>()
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      const parsed = JSON.parse(body.toString('utf8')) as { method: string } | { method: string }[]
      for (const { method } of Array.isArray(parsed) ? parsed : [parsed]) {
        counts.set(method, (counts.get(method) ?? 0) + 1)
      }
      setTimeout(() => {
        fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
          .then(async (answer) => response.end(Buffer.from(await answer.arrayBuffer())))
          .catch(() => response.destroy())
      }, options.delayMs ?? 0)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: (method) => counts.get(method) ?? 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
