import { devnet, expect, test } from './fixtures.ts'
import { invoke, request } from './support/provider.ts'

/** Issue 11, the wallet side: what one page sends is bounded, and other origins do not pay for it. */
test.describe('a page abusing the wallet', () => {
  test('wallet_createSession and wallet_invokeMethod with huge or deep params answer a bounded -32602', async ({
    dappPage,
  }) => {
    const deep = await dappPage.evaluate(async () => {
      let params: unknown = []
      for (let level = 0; level < 1000; level++) params = [params]
      try {
        await window.aperture?.request({
          method: 'wallet_invokeMethod',
          params: { scope: 'eip155:31337', request: { method: 'eth_call', params } },
        })
        return undefined
      } catch (error) {
        return error
      }
    })
    expect(deep).toEqual({
      code: -32602,
      message: 'Invalid params: params: must not nest deeper than 64 levels',
      data: { problems: [{ path: 'params', message: 'must not nest deeper than 64 levels' }] },
    })

    const requiredScopes = Object.fromEntries(
      Array.from({ length: 20_000 }, (_, index) => [`${'x'.repeat(200)}${index}`, 7]),
    )
    const huge = await request(dappPage, 'wallet_createSession', { requiredScopes })
    expect(huge.error?.code).toBe(-32602)
    expect(huge.error?.data).toMatchObject({ count: 40_000 })
    expect(Buffer.byteLength(JSON.stringify(huge.error))).toBeLessThanOrEqual(16 * 1024)
  })

  test('10,000 requests at once from one page are refused beyond its cap with -32005, and another origin is served', async ({
    dappPage,
    otherDapp,
    openDapp,
    connect,
  }) => {
    await connect(dappPage)
    const stranger = await openDapp(otherDapp)
    const flood = dappPage.evaluate(async () => {
      const provider = window.aperture
      if (!provider) throw new Error('window.aperture is missing')
      const outcomes = await Promise.all(
        Array.from({ length: 10_000 }, () =>
          // Node reads wait on the endpoint: they pile up in the worker unless it refuses them.
          provider
            .request({
              method: 'wallet_invokeMethod',
              params: { scope: 'eip155:31337', request: { method: 'eth_blockNumber', params: [] } },
            })
            .then(
              () => 'answered',
              (error: { code: number; message: string }) => `${error.code} ${error.message}`,
            ),
        ),
      )
      const counts: Record<string, number> = {}
      for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1
      return counts
    })
    expect(await request(stranger, 'wallet_getSession', {})).toEqual({
      result: { sessionScopes: {}, sessionProperties: {} },
    })
    const counts = await flood
    const refusal = '-32005 too many pending requests: at most 100 per origin; wait for answers'
    expect(Object.keys(counts).sort()).toEqual([refusal, 'answered'].sort())
    expect((counts.answered ?? 0) + (counts[refusal] ?? 0)).toBe(10_000)
    expect(counts[refusal]).toBeGreaterThan(0)
    // The page is served again once its requests are answered.
    expect(await invoke(dappPage, devnet, 'eth_chainId', [])).toEqual({ result: '0x7a69' })
  })
})
