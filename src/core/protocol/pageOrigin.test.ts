import { describe, expect, it } from 'vitest'
import { externalPageOrigin, isExtensionPageSender, pageOrigin } from './pageOrigin.ts'

const extensionId = 'hnfanknocfeofbddgcijnmhnfnkdnaad'
const extensionBaseUrl = `chrome-extension://${extensionId}/`

describe('pageOrigin', () => {
  it('refuses a sender of another extension', () => {
    expect(
      pageOrigin({
        senderId: 'nkbihfbeogaeaoehlefnkodbefgpgknn',
        extensionId,
        origin: 'https://app.uniswap.org',
        url: 'https://app.uniswap.org/swap',
      }),
    ).toBeUndefined()
  })

  it('refuses an opaque origin even when its URL has an origin', () => {
    expect(
      pageOrigin({
        senderId: extensionId,
        extensionId,
        origin: 'null',
        url: 'https://app.uniswap.org/sandboxed.html',
      }),
    ).toBeUndefined()
  })

  it('refuses extension and file documents', () => {
    expect(
      pageOrigin({
        senderId: extensionId,
        extensionId,
        origin: undefined,
        url: `${extensionBaseUrl}popup.html`,
      }),
    ).toBeUndefined()
    expect(
      pageOrigin({
        senderId: extensionId,
        extensionId,
        origin: undefined,
        url: 'file:///tmp/a.html',
      }),
    ).toBeUndefined()
    expect(
      pageOrigin({
        senderId: extensionId,
        extensionId,
        origin: `chrome-extension://${extensionId}`,
        url: `${extensionBaseUrl}popup.html`,
      }),
    ).toBeUndefined()
  })

  it('takes the browser-reported origin over the URL', () => {
    expect(
      pageOrigin({
        senderId: extensionId,
        extensionId,
        origin: 'https://app.uniswap.org',
        url: 'about:blank',
      }),
    ).toBe('https://app.uniswap.org')
  })

  it('falls back to the origin of an http(s) URL when the browser gave no origin', () => {
    expect(
      pageOrigin({
        senderId: extensionId,
        extensionId,
        origin: undefined,
        url: 'http://localhost:5173/dapp?chain=31337',
      }),
    ).toBe('http://localhost:5173')
    expect(
      pageOrigin({ senderId: extensionId, extensionId, origin: undefined, url: undefined }),
    ).toBeUndefined()
  })
})

describe('externalPageOrigin', () => {
  it("takes a web page's origin from the browser", () => {
    expect(
      externalPageOrigin({
        senderId: undefined,
        origin: 'https://app.uniswap.org',
        url: 'https://app.uniswap.org/swap',
      }),
    ).toBe('https://app.uniswap.org')
  })

  it('refuses an opaque origin, and documents that are not http(s)', () => {
    const opaque = { senderId: undefined, origin: 'null', url: 'https://app.uniswap.org/s.html' }
    expect(externalPageOrigin(opaque)).toBeUndefined()
    expect(
      externalPageOrigin({ senderId: undefined, origin: undefined, url: 'file:///tmp/dapp.html' }),
    ).toBeUndefined()
    expect(
      externalPageOrigin({ senderId: undefined, origin: 'chrome-extension://x', url: undefined }),
    ).toBeUndefined()
  })

  it('refuses a port of another extension', () => {
    expect(
      externalPageOrigin({
        senderId: 'nkbihfbeogaeaoehlefnkodbefgpgknn',
        origin: 'https://app.uniswap.org',
        url: 'https://app.uniswap.org/',
      }),
    ).toBeUndefined()
  })
})

describe('isExtensionPageSender', () => {
  it('accepts this extension’s own pages', () => {
    expect(
      isExtensionPageSender({
        senderId: extensionId,
        extensionId,
        url: `${extensionBaseUrl}popup.html#/approval/7`,
        extensionBaseUrl,
      }),
    ).toBe(true)
  })

  it('rejects a content script (same extension id, a web page URL)', () => {
    expect(
      isExtensionPageSender({
        senderId: extensionId,
        extensionId,
        url: 'https://app.uniswap.org/swap',
        extensionBaseUrl,
      }),
    ).toBe(false)
  })

  it('rejects another extension’s pages and senders without a URL', () => {
    expect(
      isExtensionPageSender({
        senderId: 'nkbihfbeogaeaoehlefnkodbefgpgknn',
        extensionId,
        url: 'chrome-extension://nkbihfbeogaeaoehlefnkodbefgpgknn/popup.html',
        extensionBaseUrl,
      }),
    ).toBe(false)
    expect(
      isExtensionPageSender({
        senderId: extensionId,
        extensionId,
        url: undefined,
        extensionBaseUrl,
      }),
    ).toBe(false)
  })
})
