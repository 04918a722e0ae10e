import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvilRpc } from '../e2e/support/anvil.ts'
import { expect, test } from './fixtures.ts'
import { answerAndWaitClosed, waitForWindow } from './support/firefoxWallet.ts'
import { byTestId, openExtensionPage } from './support/launchFirefox.ts'

const devnet = 'eip155:31337'

test("the owner's ETH send approved after the event page stopped while its confirmation was shown: the popup says the send was kept, not an error, and the node has it", async ({
  firefox,
  anvilUrl,
}) => {
  const recipient = privateKeyToAccount(generatePrivateKey()).address
  const popup = await openExtensionPage(firefox.browser, firefox.popupUrl, 'home-send')
  await popup.click(byTestId('home-send'))
  await popup.waitForSelector(`${byTestId('send-asset')} option[value="native"]`)
  await popup.select(byTestId('send-network'), devnet)
  await popup.type(byTestId('send-to'), recipient)
  await popup.type(byTestId('send-amount'), '0.5')
  await popup.waitForSelector(`${byTestId('send-review')}:not([disabled])`, { timeout: 30_000 })
  await popup.click(byTestId('send-review'))
  const confirmation = await waitForWindow(firefox, 'confirm-approve')

  // The popup's send:submit waits for this approval; the event page goes with its answer.
  await firefox.stopBackground()
  await answerAndWaitClosed(firefox, confirmation, 'confirm-approve')

  const outcome = await popup.waitForSelector(
    `${byTestId('send-unanswered')}, ${byTestId('send-error')}`,
    { timeout: 30_000 },
  )
  const shown = await outcome?.evaluate((node) => ({
    testId: node.getAttribute('data-testid'),
    text: node.textContent,
  }))
  expect(shown).toEqual({ testId: 'send-unanswered', text: expect.stringContaining('kept') })
  const balance = () => anvilRpc<string>(anvilUrl, 'eth_getBalance', [recipient, 'latest'])
  await expect.poll(async () => BigInt(await balance())).toBe(parseEther('0.5'))
  await popup.close()
})
