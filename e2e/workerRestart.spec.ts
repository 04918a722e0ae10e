import { blockNumberRequest, blockNumberSession, devnet, expect, test } from './fixtures.ts'
import {
  anvilRpc,
  blockNumber,
  deployEmitter,
  emitLogs,
  emittedLogs,
  mine,
} from './support/anvil.ts'
import { startHalfwayProxy } from './support/halfwayProxy.ts'
import {
  invoke,
  logsThroughBothProviders,
  notifications,
  request,
  type SessionResult,
} from './support/provider.ts'
import { sniffedResponses, sniffResponses } from './support/responseSniffer.ts'
import { headsOf, logsOf, range } from './support/subscriptions.ts'
import { writeSettings } from './support/walletUi.ts'

test.describe('a service worker stopped mid-way loses nothing and duplicates nothing', () => {
  test('(a) a pending approval survives the stop and is answered once', async ({
    dappPage,
    wallet,
    approvalWindow,
    serviceWorker,
  }) => {
    const approvalPages: string[] = []
    wallet.context.on('page', (page) => {
      if (page.url().startsWith(wallet.extensionOrigin) || page.url() === 'about:blank')
        approvalPages.push(page.url())
    })
    await sniffResponses(dappPage)
    const pending = request<SessionResult>(dappPage, 'wallet_createSession', blockNumberRequest)
    const approval = await approvalWindow()
    await serviceWorker.stop()
    await expect(approval.getByTestId('approval-origin')).toBeVisible()
    await approval.getByTestId('approval-approve').click()

    const outcome = await pending
    expect(outcome).toEqual({ result: blockNumberSession })
    expect(approvalPages).toHaveLength(1)
    // The revoke's notification is the barrier: everything about the creation has arrived before it.
    expect(await request(dappPage, 'wallet_revokeSession', {})).toEqual({ result: true })
    await expect
      .poll(() => notifications(dappPage, 'wallet_sessionChanged'))
      .toEqual([
        { name: 'wallet_sessionChanged', params: { sessionScopes: outcome.result?.sessionScopes } },
        { name: 'wallet_sessionChanged', params: { sessionScopes: {} } },
      ])
    const responses = await sniffedResponses(dappPage)
    expect(responses.total).toBe(responses.distinct)
    expect(responses.distinct).toBeGreaterThanOrEqual(2)
  })

  test('(b) a stream of 200 reads is answered in full, each once and correctly', async ({
    dappPage,
    connect,
    anvilUrl,
    serviceWorker,
  }) => {
    await connect(dappPage)
    await mine(anvilUrl, 20)
    const head = await blockNumber(anvilUrl)
    await sniffResponses(dappPage)

    const reads = dappPage.evaluate(async (head) => {
      const provider = window.aperture
      if (!provider) throw new Error('window.aperture is missing')
      const answers: { block: number; number?: string; error?: number }[] = []
      const counter = window as unknown as { readProgress: number }
      counter.readProgress = 0
      let next = 0
      const reader = async () => {
        while (next < 200) {
          const index = next++
          const block = index % (head + 1)
          try {
            const result = (await provider.request({
              method: 'wallet_invokeMethod',
              params: {
                scope: 'eip155:31337',
                request: {
                  method: 'eth_getBlockByNumber',
                  params: [`0x${block.toString(16)}`, false],
                },
              },
            })) as { number: string }
            answers[index] = { block, number: result.number }
          } catch (error) {
            answers[index] = { block, error: (error as { code: number }).code }
          }
          counter.readProgress += 1
        }
      }
      await Promise.all(Array.from({ length: 8 }, reader))
      return answers
    }, head)

    await expect
      .poll(() =>
        dappPage.evaluate(() => (window as unknown as { readProgress: number }).readProgress),
      )
      .toBeGreaterThanOrEqual(50)
    await serviceWorker.stop()
    const answers = await reads

    expect(serviceWorker.stops).toBe(1)
    expect(answers).toHaveLength(200)
    for (const answer of answers)
      expect(answer).toEqual({ block: answer.block, number: `0x${answer.block.toString(16)}` })
    const responses = await sniffedResponses(dappPage)
    expect(responses.total).toBe(responses.distinct)
    expect(responses.distinct).toBeGreaterThanOrEqual(200)
  })

  test('(c) a live newHeads subscription keeps its id and delivers every block exactly once', async ({
    dappPage,
    connect,
    anvilUrl,
    serviceWorker,
  }) => {
    await connect(dappPage)
    const subscription =
      (await invoke<string>(dappPage, devnet, 'eth_subscribe', ['newHeads'])).result ?? ''
    expect(subscription).not.toBe('')
    const head = await blockNumber(anvilUrl)
    for (let block = 0; block < 3; block += 1) await mine(anvilUrl, 1)
    await expect.poll(() => headsOf(dappPage, subscription)).toEqual(range(head + 1, head + 3))

    await serviceWorker.stop()
    // Prove the wallet is back before mining: a read answered means the port is reconnected.
    expect((await invoke(dappPage, devnet, 'eth_chainId', [])).result).toBe('0x7a69')
    for (let block = 0; block < 3; block += 1) await mine(anvilUrl, 1)

    await expect.poll(() => headsOf(dappPage, subscription)).toEqual(range(head + 1, head + 6))
    expect(await invoke(dappPage, devnet, 'eth_unsubscribe', [subscription])).toEqual({
      result: true,
    })
  })

  test('(d) a live logs subscription delivers the logs of the blocks mined while the worker was stopped, each once', async ({
    dappPage,
    connect,
    anvilUrl,
    serviceWorker,
  }) => {
    await connect(dappPage)
    const emitter = await deployEmitter(anvilUrl)
    const subscription =
      (await invoke<string>(dappPage, devnet, 'eth_subscribe', ['logs', { address: emitter }]))
        .result ?? ''
    expect(subscription).not.toBe('')
    const from = await blockNumber(anvilUrl)
    await emitLogs(anvilUrl, emitter, 2)
    await expect.poll(() => logsOf(dappPage, subscription)).toHaveLength(2)

    await serviceWorker.stop()
    // Mined at once, while the worker is stopped: these logs reach the page only if the wallet
    // reads them back when it subscribes again (the node's new subscription starts after them).
    await emitLogs(anvilUrl, emitter, 3)
    await emitLogs(anvilUrl, emitter, 3)
    expect((await invoke(dappPage, devnet, 'eth_chainId', [])).result).toBe('0x7a69')
    await emitLogs(anvilUrl, emitter, 1)

    const onChain = await anvilRpc<Array<{ blockNumber: string; logIndex: string }>>(
      anvilUrl,
      'eth_getLogs',
      [{ address: emitter, fromBlock: `0x${(from + 1).toString(16)}`, toBlock: 'latest' }],
    )
    const expected = onChain.map(
      (entry) => `${Number(entry.blockNumber)}:${Number(entry.logIndex)}`,
    )
    expect(expected).toHaveLength(9)
    await expect.poll(() => logsOf(dappPage, subscription)).toEqual(expected)
    expect(serviceWorker.stops).toBe(1)
    expect(await invoke(dappPage, devnet, 'eth_unsubscribe', [subscription])).toEqual({
      result: true,
    })
  })
  test('(e) large answers stopped mid-way (pieces already in the page) reach window.aperture and the EIP-1193 provider whole', async ({
    wallet,
    endpoint,
    dappPage,
    connect,
    anvilUrl,
    serviceWorker,
  }) => {
    const { filter, logs } = await emittedLogs(anvilUrl, 3_000)
    await connect(dappPage)
    // The first two eth_getLogs answers stop halfway (~1 MB of pieces sent on to the page).
    const proxy = await startHalfwayProxy(endpoint.httpUrl, 'eth_getLogs', 2)
    try {
      await writeSettings(wallet.popup, {
        localDevnet: { rpcUrl: proxy.url, wsUrl: endpoint.wsUrl },
      })
      const answers = logsThroughBothProviders(dappPage, filter)
      await proxy.halfway
      // Let the pieces of the first halves travel on to the page before the worker stops.
      await dappPage.waitForTimeout(500)
      await serviceWorker.stop()
      expect(await answers).toEqual([logs, logs])
    } finally {
      await writeSettings(wallet.popup, {
        localDevnet: { rpcUrl: endpoint.httpUrl, wsUrl: endpoint.wsUrl },
      })
      await proxy.close()
    }
  })
})
