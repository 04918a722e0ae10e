import { describe, expect, it } from 'vitest'
import { confirmationPageAddress, isConfirmationPage } from './confirmationPage.ts'

describe('confirmation page address', () => {
  it('is the windows page with ?confirm, which the page recognizes', () => {
    const address = confirmationPageAddress()
    expect(address).toBe('src/popup/window.html?confirm')
    expect(isConfirmationPage(address.slice(address.indexOf('?')))).toBe(true)
  })

  it('is not the toolbar popup nor an approval window', () => {
    expect(isConfirmationPage('')).toBe(false)
    expect(isConfirmationPage('?approval=3f2c')).toBe(false)
  })
})
