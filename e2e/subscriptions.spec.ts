import { devnet, expect, test } from './fixtures.ts'
import { blockNumber, mine } from './support/anvil.ts'
import { invoke, notifications, request } from './support/provider.ts'
import { headsOf, range } from './support/subscriptions.ts'

test.describe('eth_subscribe through wallet_invokeMethod', () => {
  test("eth_subscribe('newHeads') delivers wallet_notify for every mined block, until eth_unsubscribe", async ({
    dappPage,
    connect,
    anvilUrl,
  }) => {
    await connect(dappPage)
    const subscribed = await invoke<string>(dappPage, devnet, 'eth_subscribe', ['newHeads'])
    expect(subscribed.result).toMatch(/^0x[0-9a-f]+$/)
    const subscription = subscribed.result ?? ''

    const head = await blockNumber(anvilUrl)
    for (let block = 0; block < 3; block += 1) await mine(anvilUrl, 1)
    await expect.poll(() => headsOf(dappPage, subscription)).toEqual(range(head + 1, head + 3))

    const [first] = await notifications(dappPage, 'wallet_notify')
    expect(first?.params).toEqual({
      scope: devnet,
      notification: {
        method: 'eth_subscription',
        params: {
          subscription,
          result: expect.objectContaining({
            number: `0x${(head + 1).toString(16)}`,
            hash: expect.any(String),
          }),
        },
      },
    })

    expect(await invoke(dappPage, devnet, 'eth_unsubscribe', [subscription])).toEqual({
      result: true,
    })
    // A second subscription is the barrier: once it has seen the next blocks, the first would have too.
    const barrier =
      (await invoke<string>(dappPage, devnet, 'eth_subscribe', ['newHeads'])).result ?? ''
    await mine(anvilUrl, 1)
    await mine(anvilUrl, 1)
    await expect.poll(() => headsOf(dappPage, barrier)).toEqual(range(head + 4, head + 5))
    expect(await headsOf(dappPage, subscription)).toEqual(range(head + 1, head + 3))
  })

  test('eth_subscribe needs eth_subscription among the granted notifications (else 4100)', async ({
    dappPage,
    connect,
  }) => {
    // A named notification the wallet does not support is dropped: none is granted. (An empty
    // list would ask for the chain's standard set, eth_subscription included.)
    await connect(dappPage, {
      optionalScopes: {
        [devnet]: {
          methods: ['eth_subscribe', 'eth_unsubscribe'],
          notifications: ['chainChanged'],
        },
      },
    })
    expect(await invoke(dappPage, devnet, 'eth_subscribe', ['newHeads'])).toEqual({
      error: {
        code: 4100,
        message: 'The requested account and/or method has not been authorized by the user.',
      },
    })
  })

  test('revoking the session ends its subscriptions', async ({ dappPage, connect, anvilUrl }) => {
    await connect(dappPage)
    const old = (await invoke<string>(dappPage, devnet, 'eth_subscribe', ['newHeads'])).result ?? ''
    const head = Number(await mine(anvilUrl, 1))
    await expect.poll(() => headsOf(dappPage, old)).toEqual([head])
    expect(await request(dappPage, 'wallet_revokeSession', {})).toEqual({ result: true })

    await connect(dappPage)
    const barrier =
      (await invoke<string>(dappPage, devnet, 'eth_subscribe', ['newHeads'])).result ?? ''
    await mine(anvilUrl, 1)
    await mine(anvilUrl, 1)
    await expect.poll(() => headsOf(dappPage, barrier)).toEqual(range(head + 1, head + 2))
    expect(await headsOf(dappPage, old)).toEqual([head])
  })
})
