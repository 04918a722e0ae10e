import { beforeEach, describe, expect, it } from 'vitest'
import { useNavigation } from './navigation.ts'

beforeEach(() => useNavigation.setState(useNavigation.getInitialState(), true))

describe('useNavigation', () => {
  it('opens the network form for one custom network, and leaves it when going elsewhere', () => {
    expect(useNavigation.getState().screen).toBe('home')
    useNavigation.getState().editNetwork('eip155:1337')
    expect(useNavigation.getState()).toMatchObject({
      screen: 'network-form',
      editingNetwork: 'eip155:1337',
    })
    useNavigation.getState().go('settings')
    expect(useNavigation.getState()).toMatchObject({
      screen: 'settings',
      editingNetwork: undefined,
    })
  })
})
