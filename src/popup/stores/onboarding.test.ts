import { beforeEach, describe, expect, it } from 'vitest'
import { stubBackground } from '../testing/fakeBackground.ts'
import { passwordProblem, useOnboarding } from './onboarding.ts'

const mnemonic = 'test test test test test test test test test test test junk'

beforeEach(() => useOnboarding.setState(useOnboarding.getInitialState(), true))

describe('useOnboarding', () => {
  it('"create" reveals the new words and the positions to confirm; reset forgets them', async () => {
    stubBackground({ 'wallet:newMnemonic': () => ({ mnemonic, confirmationIndexes: [2, 5, 11] }) })
    await useOnboarding.getState().startCreate()
    expect(useOnboarding.getState()).toMatchObject({
      step: 'reveal',
      words: mnemonic.split(' '),
      confirmationIndexes: [2, 5, 11],
    })
    useOnboarding.getState().reset()
    expect(useOnboarding.getState()).toMatchObject({ step: 'welcome', words: [] })
  })

  it('asks for a long enough password, typed twice the same', () => {
    expect(passwordProblem('short', 'short')).toBe('Use at least 8 characters')
    expect(passwordProblem('long enough', 'long enougg')).toBe('The passwords do not match')
    expect(passwordProblem('long enough', 'long enough')).toBeUndefined()
  })
})
