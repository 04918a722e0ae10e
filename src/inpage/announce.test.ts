import { describe, expect, it } from 'vitest'
import { announceWallet, walletAnnounceParams } from './announce.ts'
import { createWalletInfo } from './walletInfo.ts'

const extensionId = 'hnfanknocfeofbddgcijnmhnfnkdnaad'
const info = createWalletInfo()

describe('walletAnnounceParams', () => {
  it('names the extension transport under caip-348 and caip341 (Chromium)', () => {
    expect(walletAnnounceParams(info, extensionId)).toEqual({
      ...info,
      targets: [
        { type: 'caip-348', value: extensionId },
        { type: 'caip341', value: extensionId },
      ],
    })
  })

  it('names no target without an extension transport (Firefox)', () => {
    expect(walletAnnounceParams(info, undefined)).toEqual({ ...info, targets: [] })
  })
})

describe('announceWallet', () => {
  it('announces at once and again on every caip294:wallet_prompt', () => {
    const window = new EventTarget()
    const announced: unknown[] = []
    window.addEventListener('caip294:wallet_announce', (event) =>
      announced.push((event as CustomEvent).detail),
    )
    const params = walletAnnounceParams(info, undefined)
    announceWallet(window as Window, params)
    window.dispatchEvent(new CustomEvent('caip294:wallet_prompt'))
    expect(announced).toEqual([
      { id: 1, jsonrpc: '2.0', method: 'wallet_announce', params },
      { id: 1, jsonrpc: '2.0', method: 'wallet_announce', params },
    ])
  })
})
