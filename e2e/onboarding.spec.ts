import { expect, test } from '@playwright/test'
import { launchWallet } from './support/launchWallet.ts'
import { openPopup, saveScreen, testMnemonic, testPassword } from './support/walletUi.ts'

test.describe('onboarding', () => {
  test('a weak password is refused by its estimated strength, not its length, with the reason shown', async () => {
    const wallet = await launchWallet()
    try {
      const popup = await openPopup(wallet.context, wallet.popupUrl)
      await popup.getByTestId('onboarding-import').click()
      await popup.getByTestId('mnemonic-input').fill(testMnemonic)
      const submit = popup.getByTestId('onboarding-submit')
      const strength = popup.getByTestId('password-strength')

      for (const weak of ['12345678', 'password123', 'hunter22hunter22']) {
        await popup.getByTestId('password-input').fill(weak)
        await popup.getByTestId('password-confirm').fill(weak)
        await expect(strength).toBeVisible()
        await expect(submit).toBeDisabled()
      }
      await popup.getByTestId('password-input').fill('12345678')
      await expect(strength).toHaveText(
        'This is a heavily used password. Add more words that are less common.',
      )
      await saveScreen(popup, 'onboarding-weak-password')

      await popup.getByTestId('password-input').fill(testPassword)
      await popup.getByTestId('password-confirm').fill(testPassword)
      await expect(strength).toBeHidden()
      await expect(submit).toBeEnabled()
      await submit.click()
      await expect(popup.getByTestId(/^home-account-0x/).first()).toBeVisible({ timeout: 30_000 })
    } finally {
      await wallet.context.close()
    }
  })
})
