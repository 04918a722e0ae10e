import { devnet, expect, test } from './fixtures.ts'
import { blockNumber, mine } from './support/anvil.ts'
import { burstAnswers, burstProgress, startBurst } from './support/burst.ts'
import { startHoldingProxy } from './support/holdingProxy.ts'
import { invoke, request } from './support/provider.ts'
import { sniffedResponses, sniffResponses } from './support/responseSniffer.ts'
import { writeSettings } from './support/walletUi.ts'

/** How many node calls of one origin the wallet has in flight (`defaultInFlightPerOrigin`). */
const inFlightPerOrigin = 4

/** Issue 17 / DESIGN §6: a page's burst of reads is served, not refused. */
test.describe('a burst of 1,000 reads from one page', () => {
  test('is answered in full, each read once and correctly, and another origin is served meanwhile', async ({
    wallet,
    endpoint,
    anvilUrl,
    sessionPage,
    openDapp,
    otherDapp,
    connect,
  }) => {
    await mine(anvilUrl, 20)
    const blocks = (await blockNumber(anvilUrl)) + 1
    // Block reads wait at a gate in front of the endpoint: the burst cannot finish before the test
    // opens it, so the other origin's answer is proved to come first, with no timing involved.
    const proxy = await startHoldingProxy(endpoint.httpUrl, { gate: ['eth_getBlockByNumber'] })
    try {
      await writeSettings(wallet.popup, {
        localDevnet: { rpcUrl: proxy.url, wsUrl: endpoint.wsUrl },
      })
      const stranger = await openDapp(otherDapp)
      await connect(stranger)
      await sniffResponses(sessionPage)
      await startBurst(sessionPage, { count: 1_000, blocks, scope: devnet })
      await expect.poll(() => proxy.atGate).toBe(inFlightPerOrigin)

      expect(await invoke(stranger, devnet, 'eth_blockNumber', [])).toEqual({
        result: `0x${(blocks - 1).toString(16)}`,
      })
      expect(await burstProgress(sessionPage)).toBe(0)
      // The page's own calls that need no node are answered meanwhile too.
      expect(await request(sessionPage, 'wallet_getSession', {})).toMatchObject({
        result: { sessionScopes: { [devnet]: {} } },
      })
      expect(proxy.atGate).toBe(inFlightPerOrigin)

      proxy.openGate()
      const answers = await burstAnswers(sessionPage)
      expect(answers).toHaveLength(1_000)
      for (const answer of answers)
        expect(answer).toEqual({ block: answer.block, number: `0x${answer.block.toString(16)}` })
      const responses = await sniffedResponses(sessionPage)
      expect(responses.total).toBe(responses.distinct)
      expect(responses.distinct).toBeGreaterThanOrEqual(1_000)
    } finally {
      await writeSettings(wallet.popup, {
        localDevnet: { rpcUrl: endpoint.httpUrl, wsUrl: endpoint.wsUrl },
      })
      await proxy.close()
    }
  })

  test('is answered in full, each read once and correctly, with the worker stopped mid-burst', async ({
    wallet,
    endpoint,
    anvilUrl,
    sessionPage,
    serviceWorker,
  }) => {
    await mine(anvilUrl, 20)
    const blocks = (await blockNumber(anvilUrl)) + 1
    const proxy = await startHoldingProxy(endpoint.httpUrl, { gate: ['eth_getBlockByNumber'] })
    try {
      await writeSettings(wallet.popup, {
        localDevnet: { rpcUrl: proxy.url, wsUrl: endpoint.wsUrl },
      })
      await sniffResponses(sessionPage)
      await startBurst(sessionPage, { count: 1_000, blocks, scope: devnet })
      // 300 reads answered, the next ones in flight at the gate: the worker stops mid-burst. The
      // gate lets exactly 300 through, so the count cannot pass 300; on a loaded machine the 300
      // round trips (4 at a time) can take longer than the default 15 s, hence the longer wait.
      proxy.letThrough(300)
      await expect.poll(() => burstProgress(sessionPage), { timeout: 60_000 }).toBe(300)
      await expect.poll(() => proxy.atGate).toBe(inFlightPerOrigin)
      await serviceWorker.stop()
      proxy.openGate()
      const answers = await burstAnswers(sessionPage)

      expect(serviceWorker.stops).toBe(1)
      expect(answers).toHaveLength(1_000)
      for (const answer of answers)
        expect(answer).toEqual({ block: answer.block, number: `0x${answer.block.toString(16)}` })
      const responses = await sniffedResponses(sessionPage)
      expect(responses.total).toBe(responses.distinct)
      expect(responses.distinct).toBeGreaterThanOrEqual(1_000)
    } finally {
      await writeSettings(wallet.popup, {
        localDevnet: { rpcUrl: endpoint.httpUrl, wsUrl: endpoint.wsUrl },
      })
      await proxy.close()
    }
  })
})
