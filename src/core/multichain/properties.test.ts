import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createSessionParamsArb, methodArb, scopeKeyArb } from '../caip/testing/arbitraries.ts'
import type { Json } from '../rpc/types.ts'
import type { SessionScopes } from './ports.ts'
import { type Answer, createHarness } from './testing/engineHarness.ts'
import { defaultCapabilities } from './testing/memoryPorts.ts'

const runs = { numRuns: 1000 }

const invokeMethodParamsArb = fc.record(
  {
    scope: scopeKeyArb,
    request: fc.oneof(
      fc.record(
        {
          method: methodArb,
          params: fc.oneof(
            fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
            fc.jsonValue(),
          ),
        },
        { requiredKeys: ['method'] },
      ),
      fc.jsonValue({ maxDepth: 1 }),
    ),
    sessionId: fc.string(),
  },
  { requiredKeys: [] },
)

const requestArb = fc.record(
  {
    jsonrpc: fc.oneof({ weight: 9, arbitrary: fc.constant('2.0') }, fc.jsonValue({ maxDepth: 0 })),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null)),
    method: fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          'wallet_createSession',
          'wallet_getSession',
          'wallet_invokeMethod',
          'wallet_revokeSession',
        ),
      },
      methodArb,
    ),
    params: fc.oneof(createSessionParamsArb, invokeMethodParamsArb, fc.jsonValue({ maxDepth: 2 })),
  },
  { requiredKeys: ['jsonrpc', 'id', 'method'] },
)

/** A well-formed answer: JSON, `jsonrpc: '2.0'`, and exactly one of result and error. */
function expectWellFormed(response: Answer): void {
  expect(response.jsonrpc).toBe('2.0')
  expect(JSON.parse(JSON.stringify(response))).toEqual(response)
  expect('result' in response !== 'error' in response).toBe(true)
  if (response.error) {
    expect(Number.isInteger(response.error.code)).toBe(true)
    expect(typeof response.error.message).toBe('string')
  }
}

describe('engine properties', () => {
  it('handleRequest never throws on arbitrary JSON and answers a JSON-RPC response', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (request) => {
        const { engine } = createHarness()
        expectWellFormed(await engine.handleRequest('https://app.example', 'tab-1', request))
      }),
      runs,
    )
  })

  it('handleRequest never throws on arbitrary values that are not JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (request) => {
        const { engine } = createHarness()
        const response = await engine.handleRequest('https://app.example', 'tab-1', request)
        expect(response.jsonrpc).toBe('2.0')
      }),
      runs,
    )
  })

  it('answers every sequence of structured requests with its own id, granting only what is supported and requested (named or as the standard set)', async () => {
    const capabilities = defaultCapabilities()
    await fc.assert(
      fc.asyncProperty(fc.array(requestArb, { minLength: 1, maxLength: 4 }), async (requests) => {
        const { engine } = createHarness({ capabilities })
        for (const request of requests) {
          const response: Answer = await engine.handleRequest(
            'https://app.example',
            'tab-1',
            request,
          )
          expectWellFormed(response)
          if (request.jsonrpc === '2.0') expect(response.id).toBe(request.id)
          if (request.method === 'wallet_createSession' && response.result !== undefined) {
            const { sessionScopes } = response.result as { sessionScopes: SessionScopes }
            const params = request.params as Record<string, Json>
            const asked = JSON.stringify([params.requiredScopes, params.optionalScopes])
            for (const [chainId, scope] of Object.entries(sessionScopes)) {
              const supported = capabilities.chains[chainId as keyof typeof capabilities.chains]
              expect(supported).toBeDefined()
              // Named, or asked for as the standard set by an empty list (`methods: []`).
              for (const method of scope.methods) {
                expect(supported?.methods).toContain(method)
                if (!asked.includes('"methods":[]')) expect(asked).toContain(JSON.stringify(method))
              }
              for (const name of scope.notifications) {
                expect(supported?.notifications).toContain(name)
                if (!asked.includes('"notifications":[]')) {
                  expect(asked).toContain(JSON.stringify(name))
                }
              }
            }
          }
        }
      }),
      runs,
    )
  })
})
