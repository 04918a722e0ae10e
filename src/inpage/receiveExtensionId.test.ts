import { describe, expect, it } from 'vitest'
import {
  extensionIdEvent,
  extensionIdRequestEvent,
  noExtensionTransport,
} from '../core/protocol/extensionIdHandover.ts'
import { receiveExtensionId } from './receiveExtensionId.ts'

const extensionId = 'hnfanknocfeofbddgcijnmhnfnkdnaad'
const handOver = (window: EventTarget, detail: unknown) =>
  window.dispatchEvent(new CustomEvent(extensionIdEvent, { detail }))

describe('receiveExtensionId', () => {
  it('asks for the id when it starts, for a content script that ran first', () => {
    const window = new EventTarget()
    const received: Array<string | undefined> = []
    window.addEventListener(extensionIdRequestEvent, () => handOver(window, extensionId))
    receiveExtensionId(window, (id) => received.push(id))
    expect(received).toEqual([extensionId])
  })

  it('takes the id from a content script that runs after it', () => {
    const window = new EventTarget()
    const received: Array<string | undefined> = []
    receiveExtensionId(window, (id) => received.push(id))
    expect(received).toEqual([])
    handOver(window, extensionId)
    expect(received).toEqual([extensionId])
  })

  it('takes the first well-formed id only', () => {
    const window = new EventTarget()
    const received: Array<string | undefined> = []
    receiveExtensionId(window, (id) => received.push(id))
    for (const detail of [undefined, 42, { id: extensionId }, 'not-an-extension-id']) {
      handOver(window, detail)
    }
    handOver(window, extensionId)
    handOver(window, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')
    expect(received).toEqual([extensionId])
  })

  it('takes "no extension transport" (Firefox) as no id, once', () => {
    const window = new EventTarget()
    const received: Array<string | undefined> = []
    receiveExtensionId(window, (id) => received.push(id))
    handOver(window, 'aperture-canary@aperture.dev')
    handOver(window, noExtensionTransport)
    handOver(window, extensionId)
    expect(received).toEqual([undefined])
  })
})
