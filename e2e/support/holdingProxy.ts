import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type HoldingProxy = {
  /** The proxy's JSON-RPC URL (loopback, free port). */
  url: string
  /** The raw transactions it received and held (never forwarded, never answered): `hold`'s first params. */
  held: string[]
  /** How many calls of the `gate` methods wait at the closed gate right now. */
  readonly atGate: number
  /** Opens the gate: the calls waiting there, and every later one, are forwarded. */
  openGate(): void
  /** Lets the next `count` calls through the gate (those waiting first), then it is closed again. */
  letThrough(count: number): void
  close(): Promise<void>
}

/**
 * A JSON-RPC proxy in front of a node endpoint that forwards every call except
 * `eth_sendRawTransaction` (or the method named in `hold`: Solana's `sendTransaction`), which it
 * keeps and never answers: the wallet's broadcast "is in flight"
 * for as long as the test wants, so the worker can be stopped at exactly that moment. Methods named
 * in `refuse` are answered `-32601` as by a node that lacks them (and `eth_sendRawTransaction` is
 * then forwarded, unless it is refused too). Methods named in `gate` wait at a gate, unanswered,
 * until `openGate()`: the node calls a burst has in flight stay in flight while the test looks.
 */
export async function startHoldingProxy(
  targetUrl: string,
  options: { refuse?: string[]; gate?: string[]; hold?: string } = {},
): Promise<HoldingProxy> {
  const { refuse, gate, hold = 'eth_sendRawTransaction' } = options
  const held: string[] = []
  let atGate: Array<() => void> | undefined = gate ? [] : undefined
  let allowance = 0
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const call = JSON.parse(body) as { id?: unknown; method?: string; params?: unknown[] }
    if (refuse?.includes(call.method ?? '')) {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: call.id ?? null,
          error: {
            code: -32601,
            message: `the method ${call.method} does not exist/is not available`,
          },
        }),
      )
      return
    }
    if (atGate && gate?.includes(call.method ?? '')) {
      if (allowance > 0) allowance -= 1
      else {
        const waiting = atGate
        await new Promise<void>((resolve) => waiting.push(resolve))
      }
    }
    if (call.method === hold && refuse === undefined && gate === undefined) {
      held.push(String(call.params?.[0]))
      return
    }
    const forwarded = await fetch(targetUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    response.writeHead(forwarded.status, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
    })
    response.end(await forwarded.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    held,
    get atGate() {
      return atGate?.length ?? 0
    },
    openGate() {
      const waiting = atGate ?? []
      atGate = undefined
      for (const pass of waiting) pass()
    },
    letThrough(count) {
      const passing = atGate?.splice(0, count) ?? []
      allowance += count - passing.length
      for (const pass of passing) pass()
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
