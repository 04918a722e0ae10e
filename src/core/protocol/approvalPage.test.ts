import { describe, expect, it } from 'vitest'
import { approvalIdOf, approvalPageAddress } from './approvalPage.ts'

describe('approvalPage', () => {
  it('the window page reads back the approval id the worker put in the address', () => {
    const id = 'f47ac10b-58cc-4372-a567-0e02b2c3d479'
    const address = approvalPageAddress(id)
    expect(address).toBe(`src/popup/window.html?approval=${id}`)
    expect(approvalIdOf(address.slice(address.indexOf('?')))).toBe(id)
  })

  it('an id with reserved characters survives the round trip', () => {
    const address = approvalPageAddress('a&b=c d')
    expect(approvalIdOf(address.slice(address.indexOf('?')))).toBe('a&b=c d')
  })

  it('the toolbar popup (no query) is not an approval window', () => {
    expect(approvalIdOf('')).toBeNull()
  })
})
