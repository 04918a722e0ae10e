import { expect, test } from '@playwright/test'
import { mnemonicToAccount } from 'viem/accounts'
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

  test('a new wallet: its phrase shown once, words asked back at their positions, a wrong word refused, the wallet made from that phrase', async () => {
    const wallet = await launchWallet()
    try {
      const popup = await openPopup(wallet.context, wallet.popupUrl)
      await popup.getByTestId('onboarding-create').click()
      const shown = popup.getByTestId('mnemonic-words').locator('li')
      await expect(shown).toHaveCount(12)
      const words = await shown.allTextContents()
      await popup.getByTestId('mnemonic-saved').click()

      const asked = popup.getByTestId(/^confirm-word-\d+$/)
      await expect(asked).toHaveCount(3)
      const positions = await asked.evaluateAll((inputs) =>
        inputs.map((input) => Number(input.dataset.testid?.replace('confirm-word-', ''))),
      )
      const [first, ...rest] = positions
      const word = (position: number) => words[position - 1] ?? ''
      expect(first).toBeDefined()
      const firstWord = word(first ?? 0)
      await popup
        .getByTestId(`confirm-word-${first}`)
        .fill(words.find((other) => other !== firstWord) ?? '')
      for (const position of rest) {
        await popup.getByTestId(`confirm-word-${position}`).fill(word(position))
      }
      await popup.getByTestId('password-input').fill(testPassword)
      await popup.getByTestId('password-confirm').fill(testPassword)
      await popup.getByTestId('onboarding-submit').click()
      await expect(popup.getByRole('alert')).toHaveText(
        'The words do not match your secret recovery phrase',
        { timeout: 30_000 },
      )

      // Typed as a person might: other case, a stray space.
      await popup.getByTestId(`confirm-word-${first}`).fill(` ${firstWord.toUpperCase()}`)
      await popup.getByTestId('onboarding-submit').click()
      const address = mnemonicToAccount(words.join(' ')).address.toLowerCase()
      await expect(popup.getByTestId(`home-account-${address}`)).toBeVisible({ timeout: 30_000 })
    } finally {
      await wallet.context.close()
    }
  })
})
