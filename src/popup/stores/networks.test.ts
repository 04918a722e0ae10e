import { beforeEach, describe, expect, it } from 'vitest'
import type { NetworkView } from '../../core/protocol/popupMessages.ts'
import { devnetView, Refusal, stubBackground } from '../testing/fakeBackground.ts'
import { useNetworks } from './networks.ts'

const devnet = devnetView
const draft = {
  chainId: 'eip155:1337',
  name: 'Dev',
  rpcUrl: 'http://127.0.0.1:9545',
  wsUrl: 'ws://127.0.0.1:9545',
}

beforeEach(() => useNetworks.setState(useNetworks.getInitialState(), true))

describe('useNetworks', () => {
  it('saves a network (naming the one it replaces only when editing) and lists the result', async () => {
    const added: NetworkView = { ...devnet, ...draft, chainId: 'eip155:1337', kind: 'custom' }
    const background = stubBackground({ 'networks:save': () => [devnet, added] })
    expect(await useNetworks.getState().save(draft)).toBe(true)
    expect(await useNetworks.getState().save(draft, 'eip155:1337')).toBe(true)
    expect(background.requests).toEqual([
      { type: 'networks:save', params: { network: draft } },
      { type: 'networks:save', params: { network: draft, replacing: 'eip155:1337' } },
    ])
    expect(useNetworks.getState()).toMatchObject({ networks: [devnet, added], busy: false })
  })

  it('keeps the form open with the refusals by field when the background refuses it', async () => {
    stubBackground({
      'networks:save': () => {
        throw new Refusal({
          message: 'This endpoint serves eip155:31337, not eip155:1337.',
          code: 'invalid_fields',
          fields: { rpcUrl: 'This endpoint serves eip155:31337, not eip155:1337.' },
        })
      },
    })
    expect(await useNetworks.getState().save(draft)).toBe(false)
    expect(useNetworks.getState()).toMatchObject({
      busy: false,
      error: undefined,
      fieldErrors: { rpcUrl: 'This endpoint serves eip155:31337, not eip155:1337.' },
    })
    useNetworks.getState().clearErrors()
    expect(useNetworks.getState().fieldErrors).toEqual({})
  })
})
