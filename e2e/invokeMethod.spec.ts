import { toHex } from 'viem'
import { devnet, expect, test } from './fixtures.ts'
import {
  anvilRpc,
  deployEmitter,
  emitLogs,
  emittedLogs,
  emittedTopic,
  signedTransfer,
} from './support/anvil.ts'
import { invoke, logsThroughBothProviders, request } from './support/provider.ts'

const unauthorized = {
  error: {
    code: 4100,
    message: 'The requested account and/or method has not been authorized by the user.',
  },
}

test.describe('wallet_invokeMethod', () => {
  test('malformed params are -32602', async ({ sessionPage }) => {
    for (const params of [
      { scope: devnet },
      { scope: devnet, request: { params: [] } },
      { scope: devnet, request: { method: 42 } },
      { scope: 'not a chain id', request: { method: 'eth_blockNumber' } },
      { request: { method: 'eth_blockNumber' } },
      [devnet, { method: 'eth_blockNumber' }],
    ]) {
      expect(
        (await request(sessionPage, 'wallet_invokeMethod', params)).error?.code,
        JSON.stringify(params),
      ).toBe(-32602)
    }
  })

  test('with no session, a scope not granted, or a method not granted, it is 4100', async ({
    dappPage,
    connect,
  }) => {
    expect(await invoke(dappPage, devnet, 'eth_blockNumber', [])).toEqual(unauthorized)
    await connect(dappPage, {
      optionalScopes: { [devnet]: { methods: ['eth_blockNumber'], notifications: [] } },
    })
    expect(await invoke(dappPage, 'eip155:1', 'eth_blockNumber', [])).toEqual(unauthorized)
    expect(
      await invoke(dappPage, devnet, 'eth_getBalance', [
        '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        'latest',
      ]),
    ).toEqual(unauthorized)
    expect(await invoke(dappPage, devnet, 'eth_subscribe', ['newHeads'])).toEqual(unauthorized)
  })

  test('node reads answer what anvil holds', async ({ sessionPage, anvilUrl }) => {
    expect(await invoke(sessionPage, devnet, 'eth_chainId', [])).toEqual({ result: '0x7a69' })
    const head = await anvilRpc<string>(anvilUrl, 'eth_blockNumber')
    const through = await invoke<string>(sessionPage, devnet, 'eth_blockNumber', [])
    expect(BigInt(through.result ?? -1)).toBeGreaterThanOrEqual(BigInt(head))
    const balance = ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x0']
    expect(await invoke(sessionPage, devnet, 'eth_getBalance', balance)).toEqual({
      result: await anvilRpc(anvilUrl, 'eth_getBalance', balance),
    })
    expect(await invoke(sessionPage, devnet, 'eth_getBlockByNumber', ['0x0', false])).toEqual({
      result: await anvilRpc(anvilUrl, 'eth_getBlockByNumber', ['0x0', false]),
    })
  })

  test('eth_getLogs, eth_getFilterLogs and eth_getTransactionByBlockNumberAndIndex answer what anvil holds', async ({
    sessionPage,
    anvilUrl,
  }) => {
    const emitter = await deployEmitter(anvilUrl)
    const receipt = await emitLogs(anvilUrl, emitter, 25)

    const filter = {
      address: emitter,
      fromBlock: receipt.blockNumber,
      toBlock: receipt.blockNumber,
    }
    const anvilLogs = await anvilRpc<unknown[]>(anvilUrl, 'eth_getLogs', [filter])
    expect(anvilLogs).toHaveLength(25)
    expect(await invoke(sessionPage, devnet, 'eth_getLogs', [filter])).toEqual({
      result: anvilLogs,
    })

    const byTopic = { ...filter, topics: [emittedTopic, toHex(7, { size: 32 })] }
    const seventh = await invoke<unknown[]>(sessionPage, devnet, 'eth_getLogs', [byTopic])
    expect(seventh).toEqual({ result: await anvilRpc(anvilUrl, 'eth_getLogs', [byTopic]) })
    expect(seventh.result).toHaveLength(1)

    const filterId = await invoke<string>(sessionPage, devnet, 'eth_newFilter', [filter])
    expect(filterId.result).toMatch(/^0x[0-9a-f]+$/)
    expect(await invoke(sessionPage, devnet, 'eth_getFilterLogs', [filterId.result])).toEqual({
      result: anvilLogs,
    })
    expect(await invoke(sessionPage, devnet, 'eth_uninstallFilter', [filterId.result])).toEqual({
      result: true,
    })
    expect(
      (await invoke(sessionPage, devnet, 'eth_getFilterLogs', [filterId.result])).error,
    ).toMatchObject({
      code: -32000,
      message: 'filter not found',
    })

    const byIndex = [receipt.blockNumber, '0x0']
    const transaction = await invoke<{ hash: string }>(
      sessionPage,
      devnet,
      'eth_getTransactionByBlockNumberAndIndex',
      byIndex,
    )
    expect(transaction).toEqual({
      result: await anvilRpc(anvilUrl, 'eth_getTransactionByBlockNumberAndIndex', byIndex),
    })
    expect(transaction.result?.hash).toBe(receipt.transactionHash)
    expect(
      await invoke(sessionPage, devnet, 'eth_getTransactionByBlockNumberAndIndex', [
        receipt.blockNumber,
        '0x5',
      ]),
    ).toEqual({ result: null })
    expect(
      (
        await invoke(sessionPage, devnet, 'eth_getTransactionByBlockNumberAndIndex', [
          receipt.blockNumber,
          '0x00',
        ])
      ).error?.code,
    ).toBe(-32602)
  })

  test('a large answer (3,000 logs, its pieces sent ahead as the node answers) reaches window.aperture and the EIP-1193 provider whole', async ({
    sessionPage,
    anvilUrl,
  }) => {
    const { filter, logs } = await emittedLogs(anvilUrl, 3_000)
    expect(logs).toHaveLength(3_000)
    expect(JSON.stringify(logs).length).toBeGreaterThan(1_000_000)
    expect(await logsThroughBothProviders(sessionPage, filter)).toEqual([logs, logs])
  })

  test('a large answer reaches the page on the page port: another script of the page neither hears it nor gets the port, and cannot hand the page a port of its own', async ({
    // The origin's session, for the page opened below.
    sessionPage: _session,
    dapp,
    openDapp,
    anvilUrl,
  }) => {
    const { filter, logs } = await emittedLogs(anvilUrl, 3_000)
    const page = await openDapp(dapp, 'eavesdropper.html')
    // The page's first script forged pieces for the first request ids of both providers.
    expect(await logsThroughBothProviders(page, filter)).toEqual([logs, logs])
    const heard = await page.evaluate(() => (window as { heard?: unknown }).heard)
    expect(heard).toEqual({
      longestMessage: expect.any(Number),
      handovers: 0,
      offered: 0,
      forgedTaken: false,
    })
    // Requests and short answers still travel on the page stream, where the page hears them.
    expect((heard as { longestMessage: number }).longestMessage).toBeGreaterThan(0)
    expect((heard as { longestMessage: number }).longestMessage).toBeLessThan(10_000)
  })

  test("the node's -32005 for more than 10,000 logs reaches the dapp unchanged", async ({
    sessionPage,
    anvilUrl,
    endpoint,
  }) => {
    const emitter = await deployEmitter(anvilUrl)
    const receipt = await emitLogs(anvilUrl, emitter, 10_001)
    const filter = {
      address: emitter,
      fromBlock: receipt.blockNumber,
      toBlock: receipt.blockNumber,
    }

    const direct = (await (
      await fetch(endpoint.httpUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [filter] }),
      })
    ).json()) as { error: unknown }
    expect(direct.error).toMatchObject({
      code: -32005,
      message: 'query returned more than 10000 results',
    })

    expect(await invoke(sessionPage, devnet, 'eth_getLogs', [filter])).toEqual({
      error: direct.error,
    })
  })

  test('eth_sendRawTransaction sends a signed transaction to the chain', async ({
    sessionPage,
    anvilUrl,
  }) => {
    const { signed } = await signedTransfer(
      anvilUrl,
      2,
      '0x000000000000000000000000000000000000bEEF',
      1234n,
    )
    const sent = await invoke<string>(sessionPage, devnet, 'eth_sendRawTransaction', [signed])
    expect(sent.result).toMatch(/^0x[0-9a-f]{64}$/)
    await expect
      .poll(() =>
        anvilRpc<{ status: string } | null>(anvilUrl, 'eth_getTransactionReceipt', [sent.result]),
      )
      .toMatchObject({ status: '0x1' })
  })
})
