import { formatEther, parseEther } from 'viem'
import { devnet, expect, test } from './fixtures.ts'
import { ethBalanceOf, firstAccount, secondAccount, sendAndWait } from './support/anvil.ts'
import { answerConfirmation, waitForConfirmation } from './support/confirmations.ts'
import { invoke } from './support/provider.ts'
import { saveScreen } from './support/walletUi.ts'

/** The home screen's rendering of a balance: ether to at most 6 decimals. */
const shown = (wei: bigint): string => {
  const [whole, fraction = ''] = formatEther(wei).split('.')
  return fraction
    ? `${whole}.${fraction.slice(0, 6).replace(/0+$/, '') || '0'} ETH`
    : `${whole} ETH`
}

test.describe('home: the user sees their money', () => {
  test('the balance on the chosen network follows new blocks while the popup is open', async ({
    wallet,
    anvilUrl,
  }) => {
    const popup = wallet.popup
    await popup.reload()
    await expect(popup.getByTestId('home-network')).toHaveValue(devnet)
    await expect(popup.getByTestId('home-network').locator('option')).toContainText([
      'Local devnet (eip155:31337)',
    ])
    const balance = popup.getByTestId(`home-balance-${firstAccount.toLowerCase()}`)
    await expect(balance).toHaveText(shown(await ethBalanceOf(anvilUrl, firstAccount)))
    await sendAndWait(anvilUrl, {
      from: secondAccount,
      to: firstAccount,
      value: `0x${parseEther('1.5').toString(16)}`,
    })
    await expect(balance).toHaveText(shown(await ethBalanceOf(anvilUrl, firstAccount)))
  })

  test("the wallet's own transaction shows in the account's activity, confirmed", async ({
    wallet,
    dappPage,
    connect,
  }) => {
    await connect(dappPage, {
      optionalScopes: { [devnet]: { methods: ['eth_sendTransaction'], notifications: [] } },
    })
    const pending = invoke<string>(dappPage, devnet, 'eth_sendTransaction', [
      { from: firstAccount, to: secondAccount, value: `0x${parseEther('0.25').toString(16)}` },
    ])
    await answerConfirmation(
      await waitForConfirmation(wallet.context, wallet.extensionOrigin),
      'approve',
    )
    const hash = (await pending).result ?? ''
    const popup = wallet.popup
    await popup.reload()
    await popup
      .getByText(/^Transactions \(/)
      .first()
      .click()
    const entry = popup.getByTestId(`activity-tx-${hash}`)
    await expect(entry).toHaveAttribute('data-status', 'confirmed')
    await expect(entry).toContainText('0.25 ETH')
    await expect(entry).toContainText(devnet)
    await saveScreen(popup, 'home-balances')
  })
})
