import type { Page } from '@playwright/test'
import { encodeFunctionData, erc20Abi, keccak256, maxUint256, parseEther } from 'viem'
import { devnet, expect, test } from './fixtures.ts'
import {
  anvilRpc,
  ethBalanceOf,
  firstAccount,
  nonceOf,
  receiptOf,
  secondAccount,
} from './support/anvil.ts'
import { closedPort } from './support/closedPort.ts'
import {
  answerConfirmation,
  confirmationWindow,
  waitForConfirmation,
} from './support/confirmations.ts'
import { startHoldingProxy } from './support/holdingProxy.ts'
import { invoke, type Outcome } from './support/provider.ts'
import { sniffedResponses, sniffResponses } from './support/responseSniffer.ts'
import { deployTestToken, tokenBalance } from './support/testToken.ts'
import { configureLocalDevnet, showActivity, unlock } from './support/walletUi.ts'

const sendingSession = {
  optionalScopes: {
    [devnet]: {
      methods: [
        'personal_sign',
        'eth_sendTransaction',
        'wallet_sendCalls',
        'wallet_getCallsStatus',
        'wallet_getCapabilities',
      ],
      notifications: [],
    },
  },
}

/** The confirmation records in the worker's session storage (the queue the window shows). */
const confirmationKeys = (extensionPage: Page): Promise<string[]> =>
  extensionPage.evaluate(async () =>
    Object.keys(await chrome.storage.session.get(null)).filter((key) =>
      key.startsWith('confirmation:'),
    ),
  )

test.describe('transactions', () => {
  test('an ether transfer shows recipient, value, fee and the simulated change, then lands', async ({
    wallet,
    dappPage,
    connect,
    anvilUrl,
  }) => {
    await connect(dappPage, sendingSession)
    const before = await ethBalanceOf(anvilUrl, secondAccount)
    const pending = invoke<string>(dappPage, devnet, 'eth_sendTransaction', [
      { from: firstAccount, to: secondAccount, value: `0x${parseEther('1').toString(16)}` },
    ])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('confirm-tx-to')).toContainText(secondAccount)
    await expect(window.getByTestId('confirm-tx-to')).toContainText('account')
    await expect(window.getByTestId('confirm-tx-value')).toHaveText('1 ETH')
    await expect(window.getByTestId('confirm-simulation')).toContainText('You send−1 ETH')
    await expect(window.getByTestId('confirm-tx-fee')).toContainText('Total maximum cost')
    await answerConfirmation(window, 'approve', 'confirm-transfer')
    const outcome = await pending
    expect(outcome.result).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await receiptOf(anvilUrl, outcome.result ?? '')).toMatchObject({ status: '0x1' })
    expect((await ethBalanceOf(anvilUrl, secondAccount)) - before).toBe(parseEther('1'))
  })

  test('an ERC-20 transfer is decoded, previewed in tokens, and moves the tokens', async ({
    wallet,
    dappPage,
    connect,
    anvilUrl,
  }) => {
    const token = await deployTestToken(anvilUrl, parseEther('1000'))
    await connect(dappPage, sendingSession)
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [secondAccount, parseEther('2.5')],
    })
    const pending = invoke<string>(dappPage, devnet, 'eth_sendTransaction', [
      { from: firstAccount, to: token, data },
    ])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('confirm-tx-to')).toContainText('contract')
    await expect(window.getByText('Token transfer')).toBeVisible()
    await expect(window.getByTestId('confirm-simulation')).toContainText('−2.5 TST')
    await answerConfirmation(window, 'approve', 'confirm-erc20-transfer')
    const outcome = await pending
    expect(await receiptOf(anvilUrl, outcome.result ?? '')).toMatchObject({ status: '0x1' })
    expect(await tokenBalance(anvilUrl, token, secondAccount)).toBe(parseEther('2.5'))
    expect(await tokenBalance(anvilUrl, token, firstAccount)).toBe(parseEther('997.5'))
  })

  test('an unlimited ERC-20 approve is called out', async ({
    wallet,
    dappPage,
    connect,
    anvilUrl,
  }) => {
    const token = await deployTestToken(anvilUrl, parseEther('1000'))
    await connect(dappPage, sendingSession)
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [secondAccount, maxUint256],
    })
    const pending = invoke(dappPage, devnet, 'eth_sendTransaction', [
      { from: firstAccount, to: token, data },
    ])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('warning-unlimited')).toContainText('Unlimited approval')
    await expect(window.getByTestId('confirm-reject')).toHaveClass(/primary/)
    await expect(window.getByText(secondAccount).first()).toBeVisible()
    await answerConfirmation(window, 'reject', 'confirm-erc20-approve')
    expect((await pending).error?.code).toBe(4001)
  })

  test('a call that would revert opens with its revert reason, reject highlighted', async ({
    wallet,
    dappPage,
    connect,
    anvilUrl,
  }) => {
    const token = await deployTestToken(anvilUrl, parseEther('1'))
    await connect(dappPage, sendingSession)
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [secondAccount, parseEther('5')],
    })
    const pending = invoke(dappPage, devnet, 'eth_sendTransaction', [
      { from: firstAccount, to: token, data },
    ])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('confirm-simulation')).toContainText(
      'This transaction will revert: TestToken: transfer amount exceeds balance',
    )
    await expect(window.getByTestId('confirm-reject')).toHaveClass(/primary/)
    await expect(window.getByTestId('confirm-tx-fee')).toContainText('Gas could not be estimated')
    await answerConfirmation(window, 'reject', 'confirm-revert')
    expect((await pending).error).toEqual({ code: 4001, message: 'User rejected the request.' })
  })

  test("the node's refusal of the broadcast comes back to the page verbatim", async ({
    wallet,
    dappPage,
    connect,
    anvilUrl,
  }) => {
    await connect(dappPage, sendingSession)
    const nonce = await nonceOf(anvilUrl, firstAccount)
    const pending = invoke(dappPage, devnet, 'eth_sendTransaction', [
      {
        from: firstAccount,
        to: secondAccount,
        value: `0x${parseEther('1000000000').toString(16)}`,
      },
    ])
    await answerConfirmation(
      await waitForConfirmation(wallet.context, wallet.extensionOrigin),
      'approve',
    )
    const { error } = await pending
    expect(error?.message).toMatch(/insufficient funds/i)
    expect([4001, -32603]).not.toContain(error?.code)
    expect(await nonceOf(anvilUrl, firstAccount)).toBe(nonce)
  })

  // A node without eth_feeHistory on a chain with a base fee is priced from its latest block
  // (readFeeMarket): the fee query that stops the request is then the tip's.
  for (const [query, refused, method] of [
    ['nonce', ['eth_getTransactionCount'], 'eth_getTransactionCount'],
    ['fee', ['eth_feeHistory', 'eth_maxPriorityFeePerGas'], 'eth_maxPriorityFeePerGas'],
  ] as const) {
    test(`a node error on the ${query} query comes back to the page verbatim, and no window opens`, async ({
      wallet,
      endpoint,
      dappPage,
      connect,
    }) => {
      const proxy = await startHoldingProxy(endpoint.httpUrl, { refuse: [...refused] })
      try {
        await connect(dappPage, sendingSession)
        await configureLocalDevnet(wallet.popup, { httpUrl: proxy.url, wsUrl: endpoint.wsUrl })
        const queued = await confirmationKeys(wallet.popup)
        const { error } = await invoke(dappPage, devnet, 'eth_sendTransaction', [
          { from: firstAccount, to: secondAccount, value: '0x1' },
        ])
        expect(error).toEqual({
          code: -32601,
          message: `the method ${method} does not exist/is not available`,
        })
        expect(confirmationWindow(wallet.context, wallet.extensionOrigin)).toBeUndefined()
        expect(await confirmationKeys(wallet.popup)).toEqual(queued)
      } finally {
        await configureLocalDevnet(wallet.popup, endpoint)
        await proxy.close()
      }
    })
  }

  test("a node without eth_feeHistory on a chain with a base fee: EIP-1559 fees from the latest block's base fee and the node's tip, never legacy", async ({
    wallet,
    endpoint,
    dappPage,
    connect,
    anvilUrl,
  }) => {
    const proxy = await startHoldingProxy(endpoint.httpUrl, { refuse: ['eth_feeHistory'] })
    try {
      await connect(dappPage, sendingSession)
      await configureLocalDevnet(wallet.popup, { httpUrl: proxy.url, wsUrl: endpoint.wsUrl })
      const pending = invoke<string>(dappPage, devnet, 'eth_sendTransaction', [
        { from: firstAccount, to: secondAccount, value: '0x1' },
      ])
      const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
      await expect(window.getByTestId('confirm-fee')).toHaveValue('normal')
      const [block, tip] = await Promise.all([
        anvilRpc<{ baseFeePerGas: string }>(anvilUrl, 'eth_getBlockByNumber', ['latest', false]),
        anvilRpc<string>(anvilUrl, 'eth_maxPriorityFeePerGas', []),
      ])
      await answerConfirmation(window, 'approve')
      const hash = (await pending).result ?? ''
      const signed = await anvilRpc<{
        type: string
        maxFeePerGas: string
        maxPriorityFeePerGas: string
      }>(anvilUrl, 'eth_getTransactionByHash', [hash])
      expect(signed.type).toBe('0x2')
      expect(BigInt(signed.maxPriorityFeePerGas)).toBe(BigInt(tip))
      expect(BigInt(signed.maxFeePerGas)).toBe(2n * BigInt(block.baseFeePerGas) + BigInt(tip))
    } finally {
      await configureLocalDevnet(wallet.popup, endpoint)
      await proxy.close()
    }
  })

  test('an unreachable chain endpoint answers -32603 with its cause, and no window opens', async ({
    wallet,
    endpoint,
    dappPage,
    connect,
  }) => {
    await connect(dappPage, sendingSession)
    try {
      await configureLocalDevnet(wallet.popup, {
        httpUrl: `${await closedPort()}/`,
        wsUrl: endpoint.wsUrl,
      })
      const queued = await confirmationKeys(wallet.popup)
      const { error } = await invoke(dappPage, devnet, 'eth_sendTransaction', [
        { from: firstAccount, to: secondAccount, value: '0x1' },
      ])
      expect(error?.code).toBe(-32603)
      expect(error?.data).toMatchObject({ cause: expect.any(String) })
      expect(confirmationWindow(wallet.context, wallet.extensionOrigin)).toBeUndefined()
      expect(await confirmationKeys(wallet.popup)).toEqual(queued)
    } finally {
      await configureLocalDevnet(wallet.popup, endpoint)
    }
  })

  test('a node without eth_simulateV1: the preview falls back to eth_call and says so', async ({
    wallet,
    endpoint,
    dappPage,
    connect,
    anvilUrl,
  }) => {
    const proxy = await startHoldingProxy(endpoint.httpUrl, { refuse: ['eth_simulateV1'] })
    try {
      await configureLocalDevnet(wallet.popup, { httpUrl: proxy.url, wsUrl: endpoint.wsUrl })
      const token = await deployTestToken(anvilUrl, parseEther('1'))
      await connect(dappPage, sendingSession)
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [secondAccount, parseEther('5')],
      })
      const pending = invoke(dappPage, devnet, 'eth_sendTransaction', [
        { from: firstAccount, to: token, data },
      ])
      const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
      const simulation = window.getByTestId('confirm-simulation')
      await expect(simulation).toContainText('with eth_call only')
      await expect(simulation).toContainText(
        'will revert: TestToken: transfer amount exceeds balance',
      )
      await answerConfirmation(window, 'reject', 'confirm-call-fallback')
      expect((await pending).error?.code).toBe(4001)
    } finally {
      await configureLocalDevnet(wallet.popup, endpoint)
      await proxy.close()
    }
  })

  test('wallet_sendCalls of three calls: one confirmation, three receipts in wallet_getCallsStatus', async ({
    wallet,
    dappPage,
    connect,
    anvilUrl,
  }) => {
    await connect(dappPage, sendingSession)
    const capabilities = await invoke(dappPage, devnet, 'wallet_getCapabilities', [
      firstAccount,
      ['0x7a69'],
    ])
    expect(capabilities.result).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    const pending = invoke<{ id: string }>(dappPage, devnet, 'wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: firstAccount,
        atomicRequired: false,
        calls: [1, 2, 3].map((n) => ({
          to: secondAccount,
          value: `0x${parseEther(String(n / 100)).toString(16)}`,
        })),
      },
    ])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('confirm-call-2')).toContainText('0.03 ETH')
    await answerConfirmation(window, 'approve', 'confirm-calls')
    const { result } = await pending
    expect(result?.id).toMatch(/^0x[0-9a-f]{64}$/)
    await expect
      .poll(
        async () =>
          (
            await invoke<{ status: number }>(dappPage, devnet, 'wallet_getCallsStatus', [
              result?.id,
            ])
          ).result?.status,
      )
      .toBe(200)
    const status = await invoke<{
      receipts: { status: string; transactionHash: string }[]
      atomic: boolean
      chainId: string
    }>(dappPage, devnet, 'wallet_getCallsStatus', [result?.id])
    expect(status.result).toMatchObject({
      version: '2.0.0',
      chainId: '0x7a69',
      atomic: false,
      status: 200,
    })
    expect(status.result?.receipts.map((receipt) => receipt.status)).toEqual(['0x1', '0x1', '0x1'])
    for (const receipt of status.result?.receipts ?? []) {
      expect(await receiptOf(anvilUrl, receipt.transactionHash)).toMatchObject({ status: '0x1' })
    }
  })

  test('two origins queue in one window ("1 of 2")', async ({
    wallet,
    dappPage,
    otherDapp,
    openDapp,
    connect,
    dapp,
  }) => {
    const otherPage = await openDapp(otherDapp)
    await connect(dappPage, sendingSession)
    await connect(otherPage, sendingSession)
    const first = invoke(dappPage, devnet, 'personal_sign', ['0x6f6e65', firstAccount])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    const second = invoke(otherPage, devnet, 'personal_sign', ['0x74776f', firstAccount])
    await expect(window.getByTestId('confirm-queue-position')).toHaveText('1 of 2')
    await expect(window.getByTestId('confirm-origin')).toHaveText(dapp.origin)
    await window.getByTestId('confirm-queue-next').click()
    await expect(window.getByTestId('confirm-queue-position')).toHaveText('2 of 2')
    await expect(window.getByTestId('confirm-origin')).toHaveText(otherDapp.origin)
    await answerConfirmation(window, 'approve', 'confirm-queue')
    expect((await second).result).toMatch(/^0x[0-9a-f]{130}$/)
    await expect(window.getByTestId('confirm-queue-position')).toHaveText('1 of 1')
    await expect(window.getByTestId('confirm-message')).toHaveText('one')
    await answerConfirmation(window, 'approve')
    expect((await first).result).toMatch(/^0x[0-9a-f]{130}$/)
  })

  test('a locked wallet unlocks in the confirmation window first', async ({
    wallet,
    dappPage,
    connect,
  }) => {
    await connect(dappPage, sendingSession)
    await wallet.popup.reload()
    await wallet.popup.getByTestId('lock').click()
    await expect(wallet.popup.getByTestId('unlock-password')).toBeVisible()
    const pending = invoke(dappPage, devnet, 'personal_sign', ['0x68656c6c6f', firstAccount])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin, {
      locked: true,
    })
    await unlock(window)
    await expect(window.getByTestId('confirm-message')).toHaveText('hello')
    await answerConfirmation(window, 'approve')
    expect((await pending).result).toMatch(/^0x[0-9a-f]{130}$/)
    await unlock(wallet.popup)
  })
})

test.describe('exactly once across worker restarts', () => {
  test('(a) a confirmation pending when the worker stops is re-attached and answered once', async ({
    wallet,
    dappPage,
    connect,
    serviceWorker,
  }) => {
    await connect(dappPage, sendingSession)
    const windows: string[] = []
    wallet.context.on('page', (page) => windows.push(page.url()))
    await sniffResponses(dappPage)
    const pending = invoke(dappPage, devnet, 'personal_sign', ['0x68656c6c6f', firstAccount])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await serviceWorker.stop()
    await expect(window.getByTestId('confirm-queue-position')).toHaveText('1 of 1')
    await answerConfirmation(window, 'approve')
    expect((await pending).result).toMatch(/^0x[0-9a-f]{130}$/)
    expect(windows.filter((url) => url.includes('?confirm'))).toHaveLength(1)
    const responses = await sniffedResponses(dappPage)
    expect(responses.total).toBe(responses.distinct)
  })

  test('(b) a worker stopped after approval, before broadcast: one transaction, one hash, answered once', async ({
    wallet,
    endpoint,
    dappPage,
    connect,
    anvilUrl,
    serviceWorker,
  }) => {
    const proxy = await startHoldingProxy(endpoint.httpUrl)
    try {
      await configureLocalDevnet(wallet.popup, { httpUrl: proxy.url, wsUrl: endpoint.wsUrl })
      await connect(dappPage, sendingSession)
      await sniffResponses(dappPage)
      const nonce = await nonceOf(anvilUrl, firstAccount)
      const pending: Promise<Outcome<string>> = invoke<string>(
        dappPage,
        devnet,
        'eth_sendTransaction',
        [{ from: firstAccount, to: secondAccount, value: '0x1' }],
      )
      const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
      await answerConfirmation(window, 'approve')
      await expect.poll(() => proxy.held.length).toBe(1)
      // The broadcast is in flight (held): the node has not seen it; the worker stops now.
      await configureLocalDevnet(wallet.popup, endpoint)
      await serviceWorker.stop()
      const outcome = await pending
      const [raw] = proxy.held
      expect(outcome.result).toBe(keccak256(raw as `0x${string}`))
      expect(await receiptOf(anvilUrl, outcome.result ?? '')).toMatchObject({ status: '0x1' })
      expect(await nonceOf(anvilUrl, firstAccount)).toBe(nonce + 1)
      const responses = await sniffedResponses(dappPage)
      expect(responses.total).toBe(responses.distinct)
      // The owner sees it: one entry, with the line saying the starting worker sent it again.
      await showActivity(wallet.popup)
      await expect(wallet.popup.getByTestId(`activity-tx-${outcome.result}`)).toHaveCount(1)
      await expect(wallet.popup.getByTestId(`activity-resent-${outcome.result}`)).toContainText(
        'Sent again when the wallet restarted',
      )
    } finally {
      await configureLocalDevnet(wallet.popup, endpoint)
      await proxy.close()
    }
  })
})
