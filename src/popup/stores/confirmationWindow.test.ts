import { beforeEach, describe, expect, it } from 'vitest'
import type { ConfirmationView } from '../../core/wallet/confirmationViews.ts'
import { stubBackground } from '../testing/fakeBackground.ts'
import { useConfirmations } from './confirmations.ts'
import { openConfirmationWindow } from './confirmationWindow.ts'
import { useWallet } from './wallet.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const signIn: ConfirmationView = {
  id: 'a',
  origin: 'https://one.example',
  chainId: 'eip155:31337',
  chainName: 'Local devnet',
  kind: 'personal_sign',
  view: { address: alice, message: { kind: 'text', text: 'hi' } },
  warnings: [],
  createdAt: 1,
}

beforeEach(() => {
  useWallet.setState(useWallet.getInitialState(), true)
  useConfirmations.setState(useConfirmations.getInitialState(), true)
})

describe('openConfirmationWindow', () => {
  it("asks the worker one question and has both the wallet's state and the request to show", async () => {
    const background = stubBackground({
      'confirmations:open': () => ({
        wallet: { status: 'unlocked', accounts: [alice] },
        queue: [signIn],
      }),
    })

    await openConfirmationWindow()

    expect(background.requests.map(({ type }) => type)).toEqual(['confirmations:open'])
    expect(useWallet.getState()).toMatchObject({ status: 'unlocked', accounts: [alice] })
    expect(useConfirmations.getState()).toMatchObject({ items: [signIn], shownId: 'a' })
  })

  it('leaves the queue unloaded while the wallet is locked (it is listed after the unlock)', async () => {
    stubBackground({
      'confirmations:open': () => ({ wallet: { status: 'locked', accounts: [] } }),
    })

    await openConfirmationWindow()

    expect(useWallet.getState().status).toBe('locked')
    expect(useConfirmations.getState().items).toBeUndefined()
  })
})
