import { devnet, expect, test } from './fixtures.ts'
import { burstAnswers, burstProgress, startBurst } from './support/burst.ts'
import { startHoldingProxy } from './support/holdingProxy.ts'
import { invoke, request } from './support/provider.ts'
import { writeSettings } from './support/walletUi.ts'

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

  test('10,010 reads at once from one page: 10,000 wait their turn and are answered, the few beyond are refused with -32005, another origin is served, and the worker heap stays small', async ({
    wallet,
    endpoint,
    dappPage,
    otherDapp,
    openDapp,
    connect,
    serviceWorker,
  }) => {
    // Draining 10,004 reads 4 at a time takes about a minute on a quiet 2-core machine.
    test.setTimeout(300_000)
    const inFlight = 4
    const maxWaiting = 10_000
    const beyond = 6
    // Node reads wait at a closed gate: every read past the first few waits in the worker's queue.
    const proxy = await startHoldingProxy(endpoint.httpUrl, { gate: ['eth_getBlockByNumber'] })
    try {
      await writeSettings(wallet.popup, {
        localDevnet: { rpcUrl: proxy.url, wsUrl: endpoint.wsUrl },
      })
      await connect(dappPage)
      const stranger = await openDapp(otherDapp)
      await connect(stranger)
      const heapBefore = await serviceWorker.heapUsed()
      await startBurst(dappPage, {
        count: inFlight + maxWaiting + beyond,
        blocks: 1,
        scope: devnet,
      })
      // Only the refusals can be answered while the gate is closed.
      await expect.poll(() => burstProgress(dappPage), { timeout: 30_000 }).toBe(beyond)
      expect(proxy.atGate).toBe(inFlight)
      const heapWaiting = await serviceWorker.heapUsed()
      const perWaitingCall = (heapWaiting - heapBefore) / maxWaiting
      test.info().annotations.push({
        type: 'worker heap',
        description: `${(heapBefore / 2 ** 20).toFixed(1)} MiB before, ${(heapWaiting / 2 ** 20).toFixed(1)} MiB with ${maxWaiting} calls waiting: ${Math.round(perWaitingCall)} bytes per waiting call`,
      })
      console.log(test.info().annotations.at(-1)?.description)
      expect(perWaitingCall).toBeLessThan(4_096)

      expect(await request(stranger, 'wallet_getSession', {})).toMatchObject({
        result: { sessionScopes: { [devnet]: {} } },
      })
      expect(await invoke(stranger, devnet, 'eth_chainId', [])).toEqual({ result: '0x7a69' })

      // The reads still waiting go straight to the endpoint (the gate's proxy is slow for 10,000).
      await writeSettings(wallet.popup, {
        localDevnet: { rpcUrl: endpoint.httpUrl, wsUrl: endpoint.wsUrl },
      })
      proxy.openGate()
      const answers = await burstAnswers(dappPage)
      const refusal = `-32005 too many requests waiting: ${maxWaiting} calls of this origin are queued for the node already; wait for answers`
      const refused = answers.filter(({ error }) => error !== undefined)
      expect(refused.map(({ error }) => error)).toEqual(
        Array.from({ length: beyond }, () => refusal),
      )
      const served = answers.filter(({ number }) => number !== undefined)
      expect(served).toHaveLength(inFlight + maxWaiting)
      for (const answer of served) expect(answer).toEqual({ block: 0, number: '0x0' })
      // The page is served again once its reads are answered.
      expect(await invoke(dappPage, devnet, 'eth_blockNumber', [])).toMatchObject({
        result: expect.stringMatching(/^0x/),
      })
    } finally {
      await writeSettings(wallet.popup, {
        localDevnet: { rpcUrl: endpoint.httpUrl, wsUrl: endpoint.wsUrl },
      })
      await proxy.close()
    }
  })
})
