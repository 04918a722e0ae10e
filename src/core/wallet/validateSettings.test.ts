import { describe, expect, it } from 'vitest'
import { validateSettingsChanges } from './validateSettings.ts'

describe('validateSettingsChanges', () => {
  it('accepts a hex API key, an auto-lock in minutes and http/ws devnet URLs', () => {
    expect(
      validateSettingsChanges({
        infuraApiKey: '84842078b09946638c03157f83405213',
        autoLockMinutes: 30,
        localDevnet: {
          rpcUrl: 'http://127.0.0.1:8545/v3/dev',
          wsUrl: 'ws://127.0.0.1:8545/ws/v3/dev',
        },
      }),
    ).toEqual({})
  })

  it('accepts an empty API key (the built-in networks are then not offered)', () => {
    expect(validateSettingsChanges({ infuraApiKey: '' })).toEqual({})
  })

  it('refuses an API key with characters that cannot be in a URL path segment', () => {
    expect(validateSettingsChanges({ infuraApiKey: 'abc/def' })).toEqual({
      infuraApiKey: 'An API key holds only letters, digits, _ and -.',
    })
  })

  it.each([0, -5, 1.5, Number.NaN, 1441])('refuses an auto-lock of %s minutes', (minutes) => {
    expect(validateSettingsChanges({ autoLockMinutes: minutes })).toEqual({
      autoLockMinutes: 'Between 1 and 1440 minutes.',
    })
  })

  it('refuses a list update setting that is not on or off', () => {
    const changes = { phishingListUpdates: 'yes', knownBadListUpdates: 1 } as unknown as Parameters<
      typeof validateSettingsChanges
    >[0]
    expect(validateSettingsChanges(changes)).toEqual({
      phishingListUpdates: 'On or off.',
      knownBadListUpdates: 'On or off.',
    })
  })

  it('refuses devnet URLs of the wrong kind', () => {
    expect(
      validateSettingsChanges({
        localDevnet: { rpcUrl: 'ws://127.0.0.1:8545', wsUrl: '127.0.0.1:8545' },
      }),
    ).toEqual({
      'localDevnet.rpcUrl': 'Enter an http:// or https:// URL.',
      'localDevnet.wsUrl': 'Enter a ws:// or wss:// URL.',
    })
  })

  it('refuses Local Solana devnet URLs of the wrong kind, and takes right ones', () => {
    expect(
      validateSettingsChanges({
        localSolanaDevnet: { rpcUrl: 'ws://127.0.0.1:8899', wsUrl: 'http://127.0.0.1:8899' },
      }),
    ).toEqual({
      'localSolanaDevnet.rpcUrl': 'Enter an http:// or https:// URL.',
      'localSolanaDevnet.wsUrl': 'Enter a ws:// or wss:// URL.',
    })
    expect(
      validateSettingsChanges({
        localSolanaDevnet: {
          rpcUrl: 'http://127.0.0.1:8899/v3/dev',
          wsUrl: 'ws://127.0.0.1:8899/ws/v3/dev',
        },
      }),
    ).toEqual({})
  })
})
