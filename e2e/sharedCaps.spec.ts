import {
  maxPendingConfirmations,
  maxPendingPerOrigin,
} from '../src/core/wallet/createConfirmations.ts'
import { devnet, expect, test } from './fixtures.ts'
import { firstAccount, secondAccount } from './support/anvil.ts'
import {
  answerConfirmation,
  confirmationWindow,
  waitForConfirmation,
} from './support/confirmations.ts'
import { frameOf } from './support/framedDapps.ts'
import { invoke } from './support/provider.ts'
import { fillSend, openSend } from './support/sendScreen.ts'
import { serveDapp } from './support/serveDapp.ts'

/** The session each framed origin asks for: enough to ask for a signature. */
const signingSession = {
  optionalScopes: { [devnet]: { methods: ['personal_sign'], notifications: [] } },
}

/** `hello` in hex, the message each framed origin asks to sign. */
const hello = '0x68656c6c6f'

test.describe('shared caps: what pages fill never refuses the owner (docs/security.md)', () => {
  test(`a page whose iframes of ${maxPendingConfirmations / maxPendingPerOrigin} origins fill the ${maxPendingConfirmations} pending confirmations: another site is refused -32002, the owner's Send from the popup still shows its confirmation and is sent`, async ({
    wallet,
    dappPage,
    connect,
  }) => {
    const framed = await Promise.all(
      Array.from({ length: maxPendingConfirmations / maxPendingPerOrigin }, () => serveDapp()),
    )
    try {
      for (const served of framed) {
        await connect(await frameOf(dappPage, served), signingSession)
      }
      // Another site with a session: the framing page's own origin.
      await connect(dappPage, signingSession)
      for (const frame of dappPage.frames().filter((each) => each !== dappPage.mainFrame())) {
        await frame.evaluate(
          ({ count, scope, message, account }) => {
            for (let index = 0; index < count; index += 1) {
              const request = { method: 'personal_sign', params: [message, account] }
              window.aperture
                ?.request({ method: 'wallet_invokeMethod', params: { scope, request } })
                .catch(() => undefined)
            }
          },
          { count: maxPendingPerOrigin, scope: devnet, message: hello, account: firstAccount },
        )
      }
      const confirmation = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
      await expect(confirmation.getByTestId('confirm-queue-position')).toHaveText(
        `1 of ${maxPendingConfirmations}`,
      )
      expect(await invoke(dappPage, devnet, 'personal_sign', [hello, firstAccount])).toMatchObject({
        error: { code: -32002 },
      })

      await wallet.popup.reload()
      await openSend(wallet.popup)
      await fillSend(wallet.popup, { to: secondAccount, amount: '0.01' })
      await wallet.popup.getByTestId('send-review').click()
      await expect(confirmation.getByTestId('confirm-queue-position')).toHaveText(
        `1 of ${maxPendingConfirmations + 1}`,
      )
      for (let shown = 1; shown <= maxPendingConfirmations; shown += 1) {
        await confirmation.getByTestId('confirm-queue-next').click()
      }
      await expect(confirmation.getByTestId('confirm-queue-position')).toHaveText(
        `${maxPendingConfirmations + 1} of ${maxPendingConfirmations + 1}`,
      )
      await expect(confirmation.getByTestId('confirm-origin')).toHaveText('Aperture')
      await expect(confirmation.getByTestId('confirm-tx-to')).toContainText(secondAccount)
      await answerConfirmation(confirmation, 'approve')
      await expect(wallet.popup.getByTestId('send-sent')).toContainText(/0x[0-9a-f]{64}/)
    } finally {
      // Closing the window rejects what the pages left waiting.
      await confirmationWindow(wallet.context, wallet.extensionOrigin)?.close()
      await Promise.all(framed.map((served) => served.close()))
    }
  })
})
