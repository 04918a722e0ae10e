import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type HalfwayProxy = {
  /** The proxy's JSON-RPC URL (loopback, free port). */
  url: string
  /** Resolves once the first `count` calls of the method have sent half of their answers. */
  halfway: Promise<void>
  close(): Promise<void>
}

/**
 * A JSON-RPC proxy in front of a node endpoint that sends the first `count` answers to `method`
 * only halfway — the first half of the body, then nothing until the connection is gone — and
 * forwards everything else whole: the wallet is mid-answer for as long as the test wants.
 */
export async function startHalfwayProxy(
  targetUrl: string,
  method: string,
  count: number,
): Promise<HalfwayProxy> {
  let left = count
  let reached: () => void = () => undefined
  const halfway = new Promise<void>((resolve) => {
    reached = resolve
  })
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const call = JSON.parse(body) as { method?: string }
    const forwarded = await fetch(targetUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    const text = await forwarded.text()
    response.writeHead(forwarded.status, { 'content-type': 'application/json' })
    if (call.method !== method || left === 0) {
      response.end(text)
      return
    }
    left -= 1
    response.write(text.slice(0, text.length / 2))
    if (left === 0) reached()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    halfway,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
