import {
  getAddress,
  parseEther,
  stringToHex,
  type TypedDataDefinition,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { permit2TypedData, permitTypedData } from '../src/core/eth/testing/permitTypedData.ts'
import { devnet, expect, test } from './fixtures.ts'
import { firstAccount, secondAccount } from './support/anvil.ts'
import { answerConfirmation, waitForConfirmation } from './support/confirmations.ts'
import { invoke } from './support/provider.ts'
import { deployTestToken } from './support/testToken.ts'

/** Every signing method on the devnet, for the first account. */
const signingSession = {
  optionalScopes: {
    [devnet]: {
      methods: [
        'eth_blockNumber',
        'eth_getBalance',
        'personal_sign',
        'eth_signTypedData_v4',
        'eth_sendTransaction',
        'wallet_sendCalls',
        'wallet_getCallsStatus',
        'wallet_getCapabilities',
        'eth_accounts',
      ],
      notifications: [],
    },
  },
}

const mail = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 31337,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' as const,
  },
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
}

test.describe('signing', () => {
  test('personal_sign shows the message and origin, and the signature verifies', async ({
    wallet,
    dapp,
    dappPage,
    connect,
  }) => {
    await connect(dappPage, signingSession)
    const text = 'Sign in to the demo dapp\nNonce: 8f3a2c'
    const message = `0x${Buffer.from(text, 'utf8').toString('hex')}`
    const pending = invoke<`0x${string}`>(dappPage, devnet, 'personal_sign', [
      message,
      firstAccount,
    ])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('confirm-origin')).toHaveText(dapp.origin)
    await expect(window.getByTestId('confirm-chain')).toContainText('Local devnet')
    await expect(window.getByTestId('confirm-chain')).toContainText(devnet)
    await expect(window.getByTestId('confirm-account')).toContainText(firstAccount)
    await expect(window.getByTestId('confirm-message')).toHaveText(text)
    await expect(window.getByTestId('confirm-queue-position')).toHaveText('1 of 1')
    await answerConfirmation(window, 'approve', 'confirm-message')
    const outcome = await pending
    expect(outcome.error).toBeUndefined()
    expect(
      await verifyMessage({
        address: firstAccount,
        message: text,
        signature: outcome.result ?? '0x',
      }),
    ).toBe(true)
  })

  test('personal_sign of a Sign-In with Ethereum message for another domain shows warning-signin-domain; Approve waits for warning-continue, and the signature verifies', async ({
    wallet,
    dapp,
    dappPage,
    connect,
  }) => {
    await connect(dappPage, signingSession)
    const siwe = (domain: string) =>
      createSiweMessage({
        domain,
        address: firstAccount,
        uri: `http://${domain}/login`,
        version: '1',
        chainId: 31337,
        nonce: 'n0nce1234',
      })
    const foreign = siwe('bank.example')
    const pending = invoke<`0x${string}`>(dappPage, devnet, 'personal_sign', [
      stringToHex(foreign),
      firstAccount,
    ])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('warning-signin-domain')).toContainText(
      `This sign-in is for bank.example, but the request comes from ${new URL(dapp.origin).host}`,
    )
    await expect(window.getByTestId('confirm-reject')).toHaveClass(/primary/)
    // Armed (Continue is enabled once the request has been on screen a moment), yet Approve stays
    // disabled until the user steps past the warning.
    await expect(window.getByTestId('warning-continue')).toBeEnabled()
    await expect(window.getByTestId('confirm-approve')).toBeDisabled()
    await window.getByTestId('warning-continue').click()
    await expect(window.getByTestId('warning-continue')).toHaveCount(0)
    await expect(window.getByTestId('confirm-approve')).toBeEnabled()
    await answerConfirmation(window, 'approve', 'confirm-signin-domain')
    const outcome = await pending
    expect(outcome.error).toBeUndefined()
    expect(
      await verifyMessage({
        address: firstAccount,
        message: foreign,
        signature: outcome.result ?? '0x',
      }),
    ).toBe(true)

    const own = siwe(new URL(dapp.origin).host)
    const ownPending = invoke<`0x${string}`>(dappPage, devnet, 'personal_sign', [
      stringToHex(own),
      firstAccount,
    ])
    const ownWindow = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(ownWindow.getByTestId('confirm-message')).toContainText('wants you to sign in')
    await expect(ownWindow.getByTestId('warning-signin-domain')).toHaveCount(0)
    await expect(ownWindow.getByTestId('warning-continue')).toHaveCount(0)
    await answerConfirmation(ownWindow, 'approve')
    const ownOutcome = await ownPending
    expect(
      await verifyMessage({
        address: firstAccount,
        message: own,
        signature: ownOutcome.result ?? '0x',
      }),
    ).toBe(true)
  })

  test('eth_signTypedData_v4 shows the domain and message tree, and the signature verifies', async ({
    wallet,
    dappPage,
    connect,
  }) => {
    await connect(dappPage, signingSession)
    const pending = invoke<`0x${string}`>(dappPage, devnet, 'eth_signTypedData_v4', [
      firstAccount,
      JSON.stringify(mail),
    ])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    const typedData = window.getByTestId('confirm-typed-data')
    await expect(typedData).toContainText('Ether Mail')
    await expect(typedData).toContainText('0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC')
    await expect(typedData).toContainText('Hello, Bob!')
    await expect(typedData).toContainText('0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB')
    await answerConfirmation(window, 'approve', 'confirm-typed-data')
    const outcome = await pending
    expect(
      await verifyTypedData({
        address: firstAccount,
        ...(mail as unknown as TypedDataDefinition),
        signature: outcome.result ?? '0x',
      }),
    ).toBe(true)
  })

  test('a permit shows as what it is: the token by the symbol and decimals its contract reports, the spender, the amount (unlimited warned), the deadline as a date; an undeclared field is neither shown nor signed', async ({
    wallet,
    dappPage,
    connect,
    anvilUrl,
  }) => {
    const token = getAddress(await deployTestToken(anvilUrl, parseEther('1000')))
    await connect(dappPage, signingSession)
    const permit = permitTypedData({
      owner: firstAccount,
      spender: secondAccount,
      chainId: 31337,
      verifyingContract: token,
    })
    const declared = { ...permit, message: { ...permit.message, deadline: '1767225600' } }
    // What the reference wallet once displayed: an undeclared field saying the opposite of the permit.
    const disguised = {
      ...declared,
      message: { ...declared.message, allowed: false, note: 'Revokes your allowance' },
    }
    const pending = invoke<`0x${string}`>(dappPage, devnet, 'eth_signTypedData_v4', [
      firstAccount,
      JSON.stringify(disguised),
    ])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('confirm-typed-data')).toContainText('Permit · EIP-2612 Permit')
    await expect(window.getByTestId('confirm-permit-allowance-0')).toContainText('Unlimited TST')
    await expect(window.getByTestId('confirm-permit-allowance-0')).toContainText(token)
    await expect(window.getByTestId('confirm-permit-spender')).toContainText(secondAccount)
    await expect(window.getByTestId('confirm-permit-deadline')).toHaveText(
      '2026-01-01 00:00:00 UTC',
    )
    await expect(window.getByTestId('warning-unlimited')).toContainText('all your TST')
    await expect(window.getByTestId('confirm-typed-data')).not.toContainText('Revokes')
    await expect(window.getByTestId('confirm-typed-data')).not.toContainText('allowed')
    // Longer than the window: read to its end before Sign is enabled.
    await window.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight))
    const closed = window.waitForEvent('close')
    await answerConfirmation(window, 'approve', 'confirm-permit')
    await closed
    const signature = (await pending).result ?? '0x'
    // Signed: the declared permit (viem's hash ignores the undeclared fields, as the display did).
    expect(
      await verifyTypedData({
        address: firstAccount,
        ...(declared as unknown as TypedDataDefinition),
        signature,
      }),
    ).toBe(true)

    const single = permit2TypedData({
      primaryType: 'PermitSingle',
      tokens: [{ token, amount: parseEther('1.5').toString(), expiration: 1767225600 }],
      spender: secondAccount,
      chainId: 31337,
      deadline: 1767225600,
    })
    const permit2 = invoke(dappPage, devnet, 'eth_signTypedData_v4', [firstAccount, single])
    const second = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(second.getByTestId('confirm-typed-data')).toContainText(
      'Permit · Permit2 PermitSingle',
    )
    await expect(second.getByTestId('confirm-permit-allowance-0')).toContainText('1.5 TST')
    await expect(second.getByTestId('confirm-permit-allowance-0')).toContainText(
      'allowance until 2026-01-01 00:00:00 UTC',
    )
    await expect(second.getByTestId('warning-unlimited')).toHaveCount(0)
    await answerConfirmation(second, 'reject')
    expect((await permit2).error).toMatchObject({ code: 4001 })
  })

  test('a personal_sign longer than the window enables Sign only once it has been scrolled to its end', async ({
    wallet,
    dappPage,
    connect,
  }) => {
    await connect(dappPage, signingSession)
    const text = Array.from({ length: 120 }, (_, line) => `Term ${line + 1}: read me.`).join('\n')
    const pending = invoke<`0x${string}`>(dappPage, devnet, 'personal_sign', [
      stringToHex(text),
      firstAccount,
    ])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await window.setViewportSize({ width: 400, height: 680 })
    await expect(window.getByTestId('confirm-message')).toContainText('Term 120: read me.')
    await expect(window.getByTestId('confirm-read-to-end')).toBeVisible()
    await expect(window.getByTestId('confirm-approve')).toBeDisabled()
    const content = window.locator('main')
    await content.evaluate((main) => main.scrollTo(0, main.scrollHeight / 2))
    await expect(window.getByTestId('confirm-approve')).toBeDisabled()
    await content.evaluate((main) => main.scrollTo(0, main.scrollHeight))
    await expect(window.getByTestId('confirm-read-to-end')).toHaveCount(0)
    await expect(window.getByTestId('confirm-approve')).toBeEnabled()
    await answerConfirmation(window, 'approve')
    expect(
      await verifyMessage({
        address: firstAccount,
        message: text,
        signature: (await pending).result ?? '0x',
      }),
    ).toBe(true)
  })

  test('reject answers 4001', async ({ wallet, dappPage, connect }) => {
    await connect(dappPage, signingSession)
    const pending = invoke(dappPage, devnet, 'personal_sign', ['0x68656c6c6f', firstAccount])
    await answerConfirmation(
      await waitForConfirmation(wallet.context, wallet.extensionOrigin),
      'reject',
    )
    expect((await pending).error).toEqual({ code: 4001, message: 'User rejected the request.' })
  })

  test('closing the confirmation window rejects every request in it with 4001', async ({
    wallet,
    dappPage,
    connect,
  }) => {
    await connect(dappPage, signingSession)
    const first = invoke(dappPage, devnet, 'personal_sign', ['0x6f6e65', firstAccount])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    const second = invoke(dappPage, devnet, 'eth_signTypedData_v4', [firstAccount, mail])
    await expect(window.getByTestId('confirm-queue-position')).toHaveText('1 of 2')
    await window.close()
    const rejected = { code: 4001, message: 'User rejected the request.' }
    expect((await first).error).toEqual(rejected)
    expect((await second).error).toEqual(rejected)
  })

  test('an account the session did not grant is 4100, with no window', async ({
    dappPage,
    connect,
  }) => {
    await connect(dappPage, signingSession)
    expect(
      (await invoke(dappPage, devnet, 'personal_sign', ['0x68656c6c6f', secondAccount])).error,
    ).toEqual({
      code: 4100,
      message: 'The requested account and/or method has not been authorized by the user.',
    })
  })
})
