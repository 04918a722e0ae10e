/**
 * The abuse suite against `--network solana` (issue 19): the same bounded answers, caps and
 * backpressure as for EVM, in front of the embedded Surfpool.
 */
import { getBase58Decoder } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maxErrorBytes } from '../../core/rpc/errors.ts'
import { result } from '../testSupport.ts'
import {
  type AbusedEndpoint,
  openStalledWebSocket,
  postRaw,
  report,
  rssBackTo,
  rssMb,
  secretKey,
  startAbusedEndpoint,
  withPeakRss,
} from './abuseSupport.ts'

const tokenProgram = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'

let endpoint: AbusedEndpoint
/** The Token program's executable data (~100 KB): 100 of it make a ~13 MB answer. */
let programData: string

beforeAll(async () => {
  endpoint = await startAbusedEndpoint([
    '--network',
    'solana',
    '--max-pending-per-socket',
    '1000',
    '--max-buffered-bytes',
    '1000000',
  ])
  const program = (await result(endpoint.httpUrl, 'getAccountInfo', [
    tokenProgram,
    { encoding: 'base64' },
  ])) as { value: { data: [string, string] } }
  // An upgradeable program's account holds [2, 0, 0, 0] and the address of its data account.
  const bytes = Buffer.from(program.value.data[0], 'base64').subarray(4, 36)
  programData = getBase58Decoder().decode(bytes)
})

afterAll(async () => {
  await endpoint?.stop()
})

type Envelope = { error?: { code: number; message: string; data?: unknown } }
type Health = { subscriptions: number; connections: number }
const health = async () => (await (await fetch(endpoint.ready.health)).json()) as Health
const request = (method: string, params: unknown, id = 1) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params })

/** Memory a burst may leave behind (V8 and the allocator give pages back on their own schedule). */
const retainedMb = 100

const slot = async () => (await result(endpoint.httpUrl, 'getSlot')) as number

describe('--network solana under abuse (issue 19)', () => {
  it('answers 1 MB of garbage with -32700, small', async () => {
    const answer = await postRaw(endpoint.httpUrl, `{${'x'.repeat(1_000_000)}`)
    expect((answer.json as Envelope).error?.code).toBe(-32700)
    expect(answer.bytes).toBeLessThanOrEqual(maxErrorBytes)
    expect(await slot()).toEqual(expect.any(Number))
  })

  it('answers params nested 500,000 deep with -32602, never -32603', async () => {
    const deep = `${'['.repeat(500_000)}${']'.repeat(500_000)}`
    const answer = await postRaw(
      endpoint.httpUrl,
      `{"jsonrpc":"2.0","id":1,"method":"getBalance","params":${deep}}`,
    )
    expect((answer.json as Envelope).error?.code).toBe(-32602)
    expect(await slot()).toEqual(expect.any(Number))
  })

  it('answers getMultipleAccounts of 20,000 keys (900 KB) with one small -32602, on sight', async () => {
    const body = request('getMultipleAccounts', [Array(20_000).fill(tokenProgram)])
    expect(body.length).toBeGreaterThan(880_000)
    const answer = await postRaw(endpoint.httpUrl, body)
    expect((answer.json as Envelope).error).toEqual({
      code: -32602,
      message: 'Invalid params: params[0]: too many inputs provided; max 100',
      data: { problems: [{ path: 'params[0]', message: 'too many inputs provided; max 100' }] },
    })
    expect(answer.bytes).toBeLessThanOrEqual(maxErrorBytes)
  })

  it('answers 100 malformed keys with the first 50 problems, under 16 KB', async () => {
    const keys = Array.from({ length: 100 }, (_, index) => `${'I'.repeat(40)}${index}`)
    const answer = await postRaw(endpoint.httpUrl, request('getMultipleAccounts', [keys]))
    const error = (answer.json as Envelope).error
    expect(error?.code).toBe(-32602)
    expect((error?.data as { problems: unknown[] } | undefined)?.problems).toHaveLength(50)
    expect(answer.bytes).toBeLessThanOrEqual(maxErrorBytes)
  })

  it('answers a batch of 1,001 with -32600 and a batch of 1,000 calls in full', async () => {
    const calls = (count: number) =>
      `[${Array.from({ length: count }, (_, id) => request('getSlot', [], id)).join(',')}]`
    const over = await postRaw(endpoint.httpUrl, calls(1001))
    expect((over.json as Envelope).error?.code).toBe(-32600)
    const full = await postRaw(endpoint.httpUrl, calls(1000))
    expect(full.json).toHaveLength(1000)
    expect((full.json as Array<{ result?: number }>).every((answer) => answer.result)).toBe(true)
  })

  it('echoes a 1 MB method name as a short prefix with its length', async () => {
    const answer = await postRaw(endpoint.httpUrl, request(`get${'x'.repeat(1_000_000)}`, []))
    expect((answer.json as Envelope).error?.code).toBe(-32601)
    expect(answer.bytes).toBeLessThanOrEqual(maxErrorBytes)
  })

  it('closes a WebSocket that never reads its 4 answers of 13 MB, and gives the memory back', async () => {
    const before = rssMb(endpoint.pid)
    const client = await openStalledWebSocket(endpoint.wsUrl)
    client.stopReading()
    const keys = Array(100).fill(programData)
    const [, peak] = await withPeakRss(endpoint.pid, async () => {
      for (let id = 1; id <= 4; id++) {
        client.sendFrame(request('getMultipleAccounts', [keys, { encoding: 'base64' }], id))
      }
      await expect.poll(async () => (await health()).connections, { timeout: 60_000 }).toBe(0)
    })
    client.destroy()
    const after = await rssBackTo(endpoint.pid, before, retainedMb)
    report('solana: 4 × getMultipleAccounts (~13 MB each) to a socket that never reads', {
      rssBeforeMb: before,
      rssPeakMb: peak,
      rssAfterMb: after,
    })
    expect(
      endpoint.lines.some((line) => line.includes('websocket closed: the client does not read')),
    ).toBe(true)
    expect(after - before).toBeLessThan(retainedMb)
  })

  it('closes a subscriber that stops reading while slots arrive, and ends its subscriptions', {
    timeout: 120_000,
  }, async () => {
    const client = await openStalledWebSocket(endpoint.wsUrl)
    for (let id = 1; id <= 300; id++) client.sendFrame(request('slotSubscribe', [], id))
    await expect.poll(async () => (await health()).subscriptions, { timeout: 50_000 }).toBe(300)
    client.stopReading()
    const started = performance.now()
    await expect.poll(async () => (await health()).connections, { timeout: 60_000 }).toBe(0)
    report('solana: 300 slot subscriptions, reader stopped', {
      closedAfterMs: Math.round(performance.now() - started),
    })
    client.destroy()
    expect((await health()).subscriptions).toBe(0)
  })

  it('writes no API key whole into any log line', () => {
    expect(endpoint.lines.some((line) => line.includes('"msg":"rpc"'))).toBe(true)
    const logs = endpoint.lines.filter((line) => !line.startsWith('{"event":"ready"'))
    expect(logs.filter((line) => line.includes(secretKey))).toEqual([])
  })
})
