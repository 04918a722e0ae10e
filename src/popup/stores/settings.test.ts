import { beforeEach, describe, expect, it } from 'vitest'
import type { SettingsView } from '../../core/protocol/popupMessages.ts'
import { Refusal, stubBackground } from '../testing/fakeBackground.ts'
import { useSettings } from './settings.ts'

const settings: SettingsView = {
  infuraApiKey: '',
  autoLockMinutes: 15,
  phishingListUpdates: false,
  knownBadListUpdates: false,
  localDevnet: { rpcUrl: 'http://127.0.0.1:8545/v3/dev', wsUrl: 'ws://127.0.0.1:8545/ws/v3/dev' },
}

beforeEach(() => useSettings.setState(useSettings.getInitialState(), true))

describe('useSettings', () => {
  it('saves a change and shows the settings the background kept', async () => {
    stubBackground({
      'settings:get': () => settings,
      'settings:set': (changes) => ({ ...settings, ...changes }),
    })
    await useSettings.getState().load()
    expect(useSettings.getState().settings).toEqual(settings)
    await useSettings.getState().save({ autoLockMinutes: 30 })
    expect(useSettings.getState()).toMatchObject({
      settings: { ...settings, autoLockMinutes: 30 },
      saved: true,
    })
  })

  it('shows a refused field next to its input, not as a general error', async () => {
    stubBackground({
      'settings:set': () => {
        throw new Refusal({
          message: 'Between 1 and 1440 minutes.',
          code: 'invalid_fields',
          fields: { autoLockMinutes: 'Between 1 and 1440 minutes.' },
        })
      },
    })
    await useSettings.getState().save({ autoLockMinutes: 0 })
    expect(useSettings.getState()).toMatchObject({
      saved: false,
      error: undefined,
      fieldErrors: { autoLockMinutes: 'Between 1 and 1440 minutes.' },
    })
  })
})
