import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type HoldingProxy = {
  /** The proxy's JSON-RPC URL (loopback, free port). */
  url: string
  /** The raw transactions it received and held (never forwarded, never answered). */
  held: string[]
  close(): Promise<void>
}

/**
 * A JSON-RPC proxy in front of a node endpoint that forwards every call except
 * `eth_sendRawTransaction`, which it keeps and never answers: the wallet's broadcast "is in flight"
 * for as long as the test wants, so the worker can be stopped at exactly that moment. Methods named
 * in `refuse` are answered `-32601` as by a node that lacks them (and `eth_sendRawTransaction` is
 * then forwarded, unless it is refused too).
 */
export async function startHoldingProxy(
  targetUrl: string,
  options: { refuse?: string[] } = {},
): Promise<HoldingProxy> {
  const { refuse } = options
  const held: string[] = []
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
    if (call.method === 'eth_sendRawTransaction' && refuse === undefined) {
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
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
