import { describe, expect, it } from 'vitest'
import { announceEip6963, eip6963Events } from './announceEip6963.ts'
import { createEthereumProvider } from './createEthereumProvider.ts'
import { createEip6963Info } from './walletInfo.ts'

describe('announceEip6963', () => {
  it('announces a frozen { info, provider } at once and synchronously on every request', () => {
    const window = new EventTarget()
    const provider = createEthereumProvider({ send: () => undefined, onMessage: () => undefined })
    const details: unknown[] = []
    window.addEventListener(eip6963Events.announce, (event) => {
      details.push((event as CustomEvent).detail)
    })
    announceEip6963(window, createEip6963Info(), provider)
    expect(details).toHaveLength(1)
    window.dispatchEvent(new Event(eip6963Events.request))
    window.dispatchEvent(new Event(eip6963Events.request))
    expect(details).toHaveLength(3)
    const [detail] = details as Array<{ info: Record<string, string>; provider: unknown }>
    expect(Object.isFrozen(detail)).toBe(true)
    expect(Object.isFrozen(detail?.info)).toBe(true)
    expect(detail?.provider).toBe(provider)
    expect(detail?.info).toMatchObject({ name: 'Aperture', rdns: 'dev.aperture.canary' })
    expect(detail?.info.uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })

  it('carries a PNG icon of at least 96 px as a data URI', () => {
    const { icon } = createEip6963Info()
    expect(icon.startsWith('data:image/png;base64,')).toBe(true)
    const png = Buffer.from(icon.slice('data:image/png;base64,'.length), 'base64')
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(96)
    expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(96)
  })
})
