import { stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { describeMessage } from './describeMessage.ts'

describe('describeMessage', () => {
  it('shows clean UTF-8 as text, lines and accents included', () => {
    const text = 'Sign in to app.example\nNonce: 8f3a — café'
    expect(describeMessage(stringToHex(text))).toEqual({ kind: 'text', text })
  })

  it('shows bytes that are not UTF-8 as hex', () => {
    expect(describeMessage('0xff00fe')).toEqual({ kind: 'hex', hex: '0xff00fe' })
  })

  it('shows text with control characters as hex', () => {
    expect(describeMessage(stringToHex('ok\u0000hidden'))).toMatchObject({ kind: 'hex' })
  })

  it('shows text with a bidirectional override as hex (it could disguise what is signed)', () => {
    expect(describeMessage(stringToHex('pay \u202eevil'))).toMatchObject({ kind: 'hex' })
  })

  it('shows an empty message as hex', () => {
    expect(describeMessage('0x')).toEqual({ kind: 'hex', hex: '0x' })
  })
})
