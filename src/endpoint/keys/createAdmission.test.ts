import { describe, expect, it } from 'vitest'
import { createMemoryRateLimiter } from '../state/rateLimiter.ts'
import { createAdmission } from './createAdmission.ts'

const body = Buffer.from('{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}')

const admission = createAdmission({
  policies: new Map([
    ['limited', { requestsPerSecond: 1 }],
    ['methods', { allowedMethods: ['eth_chainId'] }],
  ]),
  contractsOf: () => undefined,
  limiter: createMemoryRateLimiter(() => 0),
})

describe('admission', () => {
  it('admits a key without settings at once, not through a promise, so its calls start in the same turn', () => {
    expect(admission.admit('free', { origin: undefined, body })).toBeUndefined()
  })

  it('refuses a method outside an allowlist at once, without counters to ask', () => {
    expect(admission.admit('methods', { origin: undefined, body })).toMatchObject({ status: 403 })
  })

  it('answers a key with request limits once its counters have counted the call', async () => {
    const first = admission.admit('limited', { origin: undefined, body })
    expect(first).toBeInstanceOf(Promise)
    expect(await first).toBeUndefined()
    expect(await admission.admit('limited', { origin: undefined, body })).toMatchObject({
      status: 429,
    })
  })
})
