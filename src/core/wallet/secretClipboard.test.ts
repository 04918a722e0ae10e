import { describe, expect, it } from 'vitest'
import { secretClipboardClearAt, secretClipboardMs } from './secretClipboard.ts'

describe('secretClipboardClearAt', () => {
  it('clears a copied secret 60 seconds after the copy', () => {
    expect(secretClipboardMs).toBe(60_000)
    expect(secretClipboardClearAt(1_800_000_000_000)).toBe(1_800_000_060_000)
  })
})
