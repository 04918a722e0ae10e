import { beforeEach, describe, expect, it } from 'vitest'
import { Refusal, stubBackground } from '../testing/fakeBackground.ts'
import { useWallet } from './wallet.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

beforeEach(() => useWallet.setState(useWallet.getInitialState(), true))

describe('useWallet', () => {
  it('shows the status and accounts the background reports', async () => {
    stubBackground({ 'wallet:getState': () => ({ status: 'unlocked', accounts: [alice] }) })
    expect(useWallet.getState().status).toBe('loading')
    await useWallet.getState().refresh()
    expect(useWallet.getState()).toMatchObject({
      status: 'unlocked',
      accounts: [alice],
      busy: false,
    })
  })

  it('unlocks with the password, and shows the refusal of a wrong one', async () => {
    const background = stubBackground({
      'wallet:unlock': ({ password }) => {
        if (password !== 'correct horse') {
          throw new Refusal({ message: 'Incorrect password', code: 'incorrect_password' })
        }
        return { status: 'unlocked', accounts: [alice] }
      },
    })
    await useWallet.getState().unlock('wrong')
    expect(useWallet.getState()).toMatchObject({ error: 'Incorrect password', busy: false })
    await useWallet.getState().unlock('correct horse')
    expect(useWallet.getState()).toMatchObject({
      status: 'unlocked',
      accounts: [alice],
      error: undefined,
    })
    expect(background.requests).toEqual([
      { type: 'wallet:unlock', params: { password: 'wrong' } },
      { type: 'wallet:unlock', params: { password: 'correct horse' } },
    ])
  })
})
