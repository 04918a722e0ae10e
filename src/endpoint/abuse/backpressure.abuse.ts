import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deployEmitter, emitLogs, hex, result } from '../testSupport.ts'
import {
  type AbusedEndpoint,
  openStalledHttp,
  openStalledWebSocket,
  report,
  rssBackTo,
  rssMb,
  secretKey,
  startAbusedEndpoint,
  withPeakRss,
} from './abuseSupport.ts'

let endpoint: AbusedEndpoint
let anvilUrl: string
/** A block with 6,000 logs: its eth_getLogs answer is a few MB. */
let bigBlock: bigint

beforeAll(async () => {
  endpoint = await startAbusedEndpoint([
    '--idle-timeout-ms',
    '1500',
    '--max-pending-per-socket',
    '1000',
  ])
  anvilUrl = endpoint.ready.anvil?.rpcUrl ?? ''
  const emitter = await deployEmitter(anvilUrl)
  bigBlock = await emitLogs(anvilUrl, emitter, 6000)
})

afterAll(async () => {
  await endpoint?.stop()
})

/**
 * The most memory a burst may leave behind: freed answers are garbage, but V8 and the allocator
 * hand pages back on their own schedule, so RSS after is compared with a margin.
 */
const retainedMb = 100

type Health = { subscriptions: number; connections: number }
const health = async () => (await (await fetch(endpoint.ready.health)).json()) as Health

const logQuery = (id: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'eth_getLogs',
    params: [{ fromBlock: hex(bigBlock), toBlock: hex(bigBlock) }],
  })

describe('backpressure (issue 11)', () => {
  it('closes a WebSocket that never reads its 20 large answers, and gives the memory back', async () => {
    const before = rssMb(endpoint.pid)
    const client = await openStalledWebSocket(endpoint.wsUrl)
    client.stopReading()
    const [, peak] = await withPeakRss(endpoint.pid, async () => {
      for (let id = 1; id <= 20; id++) client.sendFrame(logQuery(id))
      // A client that does not read does not see the close either: the endpoint's count tells.
      await expect.poll(async () => (await health()).connections, { timeout: 30_000 }).toBe(0)
    })
    client.destroy()
    const after = await rssBackTo(endpoint.pid, before, retainedMb)
    report('20 × eth_getLogs (~3 MB each) to a socket that never reads', {
      rssBeforeMb: before,
      rssPeakMb: peak,
      rssAfterMb: after,
    })
    expect(
      endpoint.lines.some((line) => line.includes('websocket closed: the client does not read')),
    ).toBe(true)
    // Issue 11: "memory comes back" (it had stayed 560 MB up, at 1.06 GB, after the socket was
    // terminated): what stays is what the allocator keeps of the burst, not the answers.
    expect(after - before).toBeLessThan(retainedMb)
  })

  it('closes a subscriber that stops reading while blocks arrive, and ends its subscriptions', async () => {
    const client = await openStalledWebSocket(endpoint.wsUrl)
    for (let id = 1; id <= 1000; id++) {
      client.sendFrame(
        JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_subscribe', params: ['newHeads'] }),
      )
    }
    await expect.poll(async () => (await health()).subscriptions, { timeout: 20_000 }).toBe(1000)
    client.stopReading()
    const before = rssMb(endpoint.pid)
    const [, peak] = await withPeakRss(endpoint.pid, async () => {
      for (let block = 0; block < 40 && (await health()).connections > 0; block++) {
        await result(anvilUrl, 'evm_mine')
      }
      await expect.poll(async () => (await health()).connections, { timeout: 30_000 }).toBe(0)
    })
    client.destroy()
    expect((await health()).subscriptions).toBe(0)
    const after = await rssBackTo(endpoint.pid, before, retainedMb)
    report('1,000 newHeads subscriptions, reader stopped, blocks mined', {
      rssBeforeMb: before,
      rssPeakMb: peak,
      rssAfterMb: after,
    })
    expect(after - before).toBeLessThan(retainedMb)
  })

  it('drops an HTTP client that stops reading its answers once the connection is idle', async () => {
    const body = logQuery(1)
    const requests = 5
    const client = await openStalledHttp(
      endpoint.httpUrl,
      `POST /v3/${secretKey} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n`
        .concat(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`)
        .repeat(requests),
    )
    client.stopReading()
    // The idle timeout is 1.5 s: past it, with nothing read, the endpoint has dropped the
    // connection and the answers it still held; the kernel hands over what it had buffered.
    await new Promise((resolve) => setTimeout(resolve, 5000))
    const { bytes, head } = await client.drainUntilClosed()
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1])
    report('5 pipelined HTTP answers to a client that stopped reading', {
      answerBytes: length,
      receivedBytes: bytes,
    })
    expect(length).toBeGreaterThan(1_000_000)
    expect(bytes).toBeLessThan(requests * length)
  })
})
