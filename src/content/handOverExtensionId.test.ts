import { describe, expect, it } from 'vitest'
import {
  extensionIdEvent,
  extensionIdRequestEvent,
  noExtensionTransport,
} from '../core/protocol/extensionIdHandover.ts'
import { extensionTransportId, handOverExtensionId } from './handOverExtensionId.ts'

const extensionId = 'hnfanknocfeofbddgcijnmhnfnkdnaad'

describe('handOverExtensionId', () => {
  it('says the id when it starts, and again whenever the MAIN-world script asks', () => {
    const window = new EventTarget()
    const said: unknown[] = []
    window.addEventListener(extensionIdEvent, (event) => said.push((event as CustomEvent).detail))
    handOverExtensionId(window, extensionId)
    expect(said).toEqual([extensionId])
    window.dispatchEvent(new CustomEvent(extensionIdRequestEvent))
    expect(said).toEqual([extensionId, extensionId])
  })
})

describe('extensionTransportId', () => {
  it("is the extension's id when its manifest lets pages connect to it (Chromium)", () => {
    const manifest = {
      manifest_version: 3,
      externally_connectable: { matches: ['http://*/*', 'https://*/*'] },
    }
    expect(extensionTransportId(manifest, extensionId)).toBe(extensionId)
  })

  it('is "no extension transport" when the manifest has none (Firefox)', () => {
    const manifest = {
      manifest_version: 3,
      browser_specific_settings: { gecko: { id: 'aperture-canary@aperture.dev' } },
    }
    expect(extensionTransportId(manifest, 'aperture-canary@aperture.dev')).toBe(
      noExtensionTransport,
    )
  })
})
