import { describe, expect, it } from 'vitest'
import type { PopupRequest } from '../core/protocol/popupMessages.ts'
import { createNetworkRegistry } from './networks.ts'
import { createPopupHandlers, type PopupDependencies } from './popupMessages.ts'
import { createMemoryStorage } from './testing/memoryStorage.ts'
import { createWallet } from './wallet.ts'

/**
 * The popup's dispatcher over the worker's real wallet and networks in memory; the approvals port
 * fails the way a storage error does (an `Error` carrying a string `code` of its own).
 */
function createDispatcher() {
  const local = createMemoryStorage()
  const session = createMemoryStorage()
  let touches = 0
  const ports = {
    wallet: createWallet({ local, session }),
    networks: createNetworkRegistry(local),
    approvals: {
      get: async () => {
        throw Object.assign(new Error('QUOTA_BYTES quota exceeded'), { code: 'QUOTA_BYTES' })
      },
    },
    touch: () => {
      touches += 1
    },
  } as unknown as PopupDependencies
  return { handle: createPopupHandlers(ports), touches: () => touches }
}

describe('createPopupHandlers', () => {
  it("answers a request with its handler's result and postpones auto-lock", async () => {
    const { handle, touches } = createDispatcher()
    expect(await handle({ type: 'wallet:getState', params: undefined })).toEqual({
      ok: true,
      result: { status: 'uninitialized', accounts: [] },
    })
    expect(touches()).toBe(1)
  })

  it("answers a wallet's refusal with its code, and a refused form with its fields", async () => {
    const { handle } = createDispatcher()
    expect(
      await handle({
        type: 'wallet:import',
        params: { mnemonic: 'test test test', password: 'correct horse battery' },
      }),
    ).toEqual({
      ok: false,
      error: {
        code: 'invalid_mnemonic',
        message: 'Invalid secret recovery phrase: expected 12, 15, 18, 21 or 24 words, got 3',
      },
    })
    expect(await handle({ type: 'settings:set', params: { infuraApiKey: 'not a key!' } })).toEqual({
      ok: false,
      error: {
        code: 'invalid_fields',
        message: 'An API key holds only letters, digits, _ and -.',
        fields: { infuraApiKey: 'An API key holds only letters, digits, _ and -.' },
      },
    })
  })

  it('answers any other failure with its message only, whatever code it carries', async () => {
    const { handle } = createDispatcher()
    expect(await handle({ type: 'approval:get', params: { id: 'a1' } })).toEqual({
      ok: false,
      error: { message: 'QUOTA_BYTES quota exceeded' },
    })
  })

  it('refuses a request type it does not know, inherited names included, touching nothing', async () => {
    const { handle, touches } = createDispatcher()
    for (const type of ['wallet:export', 'constructor', '__proto__']) {
      expect(await handle({ type, params: undefined } as unknown as PopupRequest)).toEqual({
        ok: false,
        error: { code: 'unknown_request', message: `Unknown request ${type}` },
      })
    }
    expect(touches()).toBe(0)
  })
})
