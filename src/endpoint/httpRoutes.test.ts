import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { createHttpCallFront, type HttpCallFront } from './createHttpCallFront.ts'
import { createUpstreamClient } from './createUpstreamClient.ts'
import { registerHttpRoutes } from './httpRoutes.ts'

/** A failure whose message holds what a page must never see (an address inside). */
const inside = () => new Error('redis://10.0.0.7:6379 refused the connection')
/** The 500 answer of a failure the endpoint did not expect: generic, the detail only in its log. */
const unexpectedFailureBody = {
  jsonrpc: '2.0',
  id: null,
  error: { code: -32603, message: 'Internal error', data: { cause: 'internal failure' } },
}
const quiet = { info: () => undefined, error: () => undefined }
const upstream = createUpstreamClient('http://127.0.0.1:9/')
const apps: FastifyInstance[] = []

/** The routes on a fastify app, with `calls` and `counts` as a test gives them. */
function routes(
  calls: HttpCallFront,
  counts = () => Promise.resolve({ filters: 0, subscriptions: 0, connections: 0 }),
) {
  const app = Fastify({ logger: false })
  apps.push(app)
  registerHttpRoutes(app, {
    identity: { method: 'eth_chainId', field: 'chainId' },
    calls,
    upstream,
    bodyLimitBytes: 1024,
    counts,
  })
  return app
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()))
})

describe('registerHttpRoutes', () => {
  it('answers a route that fails unexpectedly 500 with a generic -32603 that names nothing inside', async () => {
    const app = routes({ serve: () => false, answer: () => undefined }, () =>
      Promise.reject(inside()),
    )
    const reply = await app.inject({ method: 'GET', url: '/healthz' })
    expect(reply.statusCode).toBe(500)
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(reply.json()).toEqual(unexpectedFailureBody)
  })

  it('answers a call the front fails unexpectedly with the same 500', async () => {
    const calls = createHttpCallFront({
      keys: new Set(['dev']),
      admission: { admit: () => Promise.reject(inside()), admitOrigin: () => undefined },
      handler: { handle: () => Promise.reject(inside()) },
      bodyLimitBytes: 1024,
      logCall: () => () => undefined,
      log: quiet,
    })
    const reply = await routes(calls).inject({
      method: 'POST',
      url: '/v3/dev',
      payload: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
    })
    expect(reply.statusCode).toBe(500)
    expect(reply.json()).toEqual(unexpectedFailureBody)
  })
})
