import { describe, expect, it } from 'vitest'
import { passwordWeakness } from './passwordStrength.ts'

describe('passwordWeakness', () => {
  it('refuses a common password of any length, with the reason', () => {
    expect(passwordWeakness('12345678')).toBe(
      'This is a heavily used password. Add more words that are less common.',
    )
    expect(passwordWeakness('password123')).toMatch(/^This is a commonly used password\./)
    expect(passwordWeakness('qwertyuiop')).toMatch(/^This is a frequently used password\./)
  })

  it('refuses a long password made of a repeated pattern', () => {
    expect(passwordWeakness('hunter22hunter22')).toMatch(/^Repeated character patterns/)
  })

  it('accepts passwords that would take long to guess', () => {
    expect(passwordWeakness('correct horse battery staple')).toBeUndefined()
    expect(passwordWeakness('aperture-wallet-2026')).toBeUndefined()
    expect(passwordWeakness('Tr0ub4dor&3')).toBeUndefined()
  })
})
