import { describe, expect, it } from 'vitest'
import { extensionIdEvent, extensionIdRequestEvent } from '../core/protocol/extensionIdHandover.ts'
import { handOverExtensionId } from './handOverExtensionId.ts'

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
