import { generateKeyPairSigner } from '@solana/kit'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { encodeFunctionData, erc20Abi, erc721Abi, getAddress, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { expect, test } from './fixtures.ts'
import { anvilRpc, firstAccount, mine, sendAndWait, withAutomineOff } from './support/anvil.ts'
import { waitForConfirmation } from './support/confirmations.ts'
import { approveOnPermit2, installPermit2, permit2, permit2Allowance } from './support/permit2.ts'
import { openAccountScreen } from './support/popupScreens.ts'
import {
  answerAndClose,
  balanceOf,
  firstSolanaAddress,
  localSolana,
  solanaTest,
  surfpool,
} from './support/solanaDapp.ts'
import { createTokenAccounts, delegateOf, setTokenDelegate } from './support/solanaToken.ts'
import { deployTestNft, isApprovedForAll } from './support/testNft.ts'
import { deployTestToken, refuseApproves, tokenAllowance } from './support/testToken.ts'
import type { ReadyWallet } from './support/wallet.ts'
import { saveScreen } from './support/walletUi.ts'

/** The Token-2022 program. */
const token2022Program = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

/**
 * A fresh spender granted 5 units of a fresh token by the wallet's first account, listed in the
 * approval manager: its row and its Revoke.
 */
async function listedAllowance(wallet: ReadyWallet, anvilUrl: string) {
  const popup = wallet.popup
  const spender = privateKeyToAddress(generatePrivateKey())
  const token = await deployTestToken(anvilUrl, parseEther('10'))
  await sendAndWait(anvilUrl, {
    to: token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 5n] }),
  })
  await popup.reload()
  await openAccountScreen(popup, firstAccount.toLowerCase())
  await popup.getByTestId('approvals-open').click()
  const row = popup.getByTestId(`approval-row-${spender.toLowerCase()}`)
  await expect(row).toBeVisible()
  const revoke = popup.getByTestId(`approval-revoke-${spender.toLowerCase()}`)
  return { token, spender, row, revoke }
}

test.describe('the approval manager (DESIGN §11)', () => {
  test('lists the account’s ERC-20 allowance and collection operator from the node, and revokes each through the confirmation', async ({
    wallet,
    anvilUrl,
  }) => {
    const popup = wallet.popup
    // Fresh spenders: no other spec's approvals share their rows.
    const spender = privateKeyToAddress(generatePrivateKey())
    const operator = privateKeyToAddress(generatePrivateKey())
    const token = getAddress(await deployTestToken(anvilUrl, parseEther('1000')))
    const collection = getAddress(await deployTestNft(anvilUrl, 3n))
    // The wallet's first account (anvil's unlocked account 0) grants them, as a dapp would have it do.
    await sendAndWait(anvilUrl, {
      to: token,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [spender, parseEther('250')],
      }),
    })
    await sendAndWait(anvilUrl, {
      to: collection,
      data: encodeFunctionData({
        abi: erc721Abi,
        functionName: 'setApprovalForAll',
        args: [operator, true],
      }),
    })

    await popup.reload()
    await openAccountScreen(popup, firstAccount.toLowerCase())
    await popup.getByTestId('approvals-open').click()
    const tokenRow = popup.getByTestId(`approval-row-${spender.toLowerCase()}`)
    const operatorRow = popup.getByTestId(`approval-row-${operator.toLowerCase()}`)
    await expect(tokenRow).toContainText('250 TST')
    await expect(tokenRow).toContainText(token)
    await expect(operatorRow).toContainText(collection)
    await saveScreen(popup, 'approvals')

    await popup.getByTestId(`approval-revoke-${spender.toLowerCase()}`).click()
    let window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('confirm-origin')).toHaveText('Aperture')
    await expect(window.getByTestId('confirm-tx-to')).toContainText(token)
    await answerAndClose(window, 'approve')
    await expect(tokenRow).toHaveCount(0)
    expect(await tokenAllowance(anvilUrl, token, firstAccount, spender)).toBe(0n)
    await expect(operatorRow).toBeVisible()

    await popup.getByTestId(`approval-revoke-${operator.toLowerCase()}`).click()
    window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('confirm-tx-to')).toContainText(collection)
    await answerAndClose(window, 'approve')
    await expect(operatorRow).toHaveCount(0)
    expect(await isApprovedForAll(anvilUrl, collection, firstAccount, operator)).toBe(false)
  })

  test('a revoke the node took but has not mined yet keeps its row, marked sent, until its block is made', async ({
    wallet,
    anvilUrl,
  }) => {
    const { token, spender, row, revoke } = await listedAllowance(wallet, anvilUrl)
    await withAutomineOff(anvilUrl, async () => {
      await revoke.click()
      await answerAndClose(
        await waitForConfirmation(wallet.context, wallet.extensionOrigin),
        'approve',
      )
      // Sent, not mined: the rows read after the send still list it.
      await expect(revoke).toHaveText('Revoke sent, waiting for its block…')
      await expect(row).toBeVisible()
      await mine(anvilUrl, 1)
      await expect(row).toHaveCount(0)
    })
    expect(await tokenAllowance(anvilUrl, token, firstAccount, spender)).toBe(0n)
  })

  test('a revoke whose transaction reverts on chain says so on its row at once, and frees Revoke', async ({
    wallet,
    anvilUrl,
  }) => {
    const { token, spender, row, revoke } = await listedAllowance(wallet, anvilUrl)
    // The allowance still reads as standing; the revoke's approve(spender, 0) reverts when mined.
    await refuseApproves(anvilUrl, token)
    await revoke.click()
    await answerAndClose(
      await waitForConfirmation(wallet.context, wallet.extensionOrigin),
      'approve',
    )
    // At once, not after the rereads' minute: the activity list has its receipt (status 0).
    await expect(
      wallet.popup.getByTestId(`approval-revoke-${spender.toLowerCase()}-error`),
    ).toContainText('Revoke failed: the transaction reverted on chain')
    await expect(revoke).toHaveText('Revoke')
    await expect(revoke).toBeEnabled()
    await expect(row).toBeVisible()
    expect(await tokenAllowance(anvilUrl, token, firstAccount, spender)).toBe(5n)
  })

  test('a rejected revoke leaves the approval standing and listed', async ({
    wallet,
    anvilUrl,
  }) => {
    const { token, spender, row, revoke } = await listedAllowance(wallet, anvilUrl)
    await revoke.click()
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await answerAndClose(window, 'reject')
    await expect(wallet.popup.getByRole('alert')).toContainText('rejected')
    await expect(row).toBeVisible()
    expect(await tokenAllowance(anvilUrl, token, firstAccount, spender)).toBe(5n)
  })

  test('lists a Permit2 allowance read from Permit2 itself, and revokes it with Permit2’s approve(token, spender, 0, 0)', async ({
    wallet,
    anvilUrl,
  }) => {
    const popup = wallet.popup
    await installPermit2(anvilUrl)
    const spender = privateKeyToAddress(generatePrivateKey())
    const token = getAddress(await deployTestToken(anvilUrl, parseEther('10')))
    const { timestamp } = await anvilRpc<{ timestamp: string }>(anvilUrl, 'eth_getBlockByNumber', [
      'latest',
      false,
    ])
    const expiration = Number(BigInt(timestamp)) + 86_400
    await approveOnPermit2(anvilUrl, { token, spender, amount: parseEther('3'), expiration })

    await popup.reload()
    await openAccountScreen(popup, firstAccount.toLowerCase())
    await popup.getByTestId('approvals-open').click()
    const row = popup.getByTestId(`approval-row-${spender.toLowerCase()}`)
    await expect(row).toContainText('Permit2 allowance')
    await expect(row).toContainText('3 TST')
    await expect(row).toContainText(token)
    await expect(row).toContainText(
      `until ${new Date(expiration * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    )

    await popup.getByTestId(`approval-revoke-${spender.toLowerCase()}`).click()
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('confirm-origin')).toHaveText('Aperture')
    await expect(window.getByTestId('confirm-tx-to')).toContainText(permit2)
    await answerAndClose(window, 'approve')
    await expect(row).toHaveCount(0)
    // Permit2 keeps an expiration of 0 as the revoking block's time: nothing is left to take.
    const left = await permit2Allowance(anvilUrl, firstAccount, token, spender)
    expect(left.amount).toBe(0n)
    expect(left.expiration).toBeLessThan(expiration)
  })

  solanaTest(
    "lists a Solana token account's delegate (base58 as it is) and revokes it with the token program's Revoke through the confirmation, SPL Token and Token-2022",
    async ({ wallet, solanaNetwork }) => {
      const popup = wallet.popup
      await surfpool(solanaNetwork, 'requestAirdrop', [firstSolanaAddress, 1_000_000_000])
      await expect.poll(() => balanceOf(solanaNetwork, firstSolanaAddress)).toBeGreaterThan(0)
      for (const [program, programName] of [
        [TOKEN_PROGRAM_ADDRESS, 'SPL Token'],
        [token2022Program, 'Token-2022'],
      ]) {
        const { mint } = await createTokenAccounts(solanaNetwork, {
          owner: firstSolanaAddress,
          decimals: 6,
          amount: 1n,
          program,
        })
        // A fresh delegate; its row id is its base58 as it is (case kept).
        const delegate = (await generateKeyPairSigner()).address
        const account = await setTokenDelegate(solanaNetwork, {
          owner: firstSolanaAddress,
          mint,
          amount: 9_000_000n,
          delegate,
          delegatedAmount: 4_500_000n,
          program,
        })
        expect(await delegateOf(solanaNetwork, account)).toEqual({ delegate, amount: '4500000' })

        await popup.reload()
        await popup.getByTestId('home-solana-network').selectOption(localSolana)
        await openAccountScreen(popup, firstAccount.toLowerCase())
        await popup.getByTestId('approvals-open').click()
        const row = popup.getByTestId(`approval-row-${delegate}`)
        await expect(row).toContainText('Token account delegate')
        await expect(row).toContainText('4.5 units')
        await expect(row).toContainText(mint)
        await expect(row).toContainText(account)
        await saveScreen(popup, 'approvals-solana')

        await popup.getByTestId(`approval-revoke-${delegate}`).click()
        const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
        await expect(window.getByTestId('confirm-origin')).toHaveText('Aperture')
        const instructions = window.getByTestId('confirm-solana-instructions')
        await expect(instructions).toContainText(`${programName}: Revoke delegate`)
        await expect(instructions).toContainText(account)
        await answerAndClose(window, 'approve')
        await expect(row).toHaveCount(0)
        await expect.poll(() => delegateOf(solanaNetwork, account)).toBeNull()
      }
    },
  )
})
