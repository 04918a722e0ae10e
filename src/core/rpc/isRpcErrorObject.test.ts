import { describe, expect, it } from 'vitest'
import { isRpcErrorObject } from './isRpcErrorObject.ts'

describe('isRpcErrorObject', () => {
  it('accepts a node error with members beyond code, message and data', () => {
    expect(
      isRpcErrorObject({
        code: -32000,
        message: 'execution reverted',
        data: '0x08c379a0',
        stack: 1,
      }),
    ).toBe(true)
  })

  it('refuses an error without a number code or a string message', () => {
    expect(isRpcErrorObject({ code: '-32000', message: 'execution reverted' })).toBe(false)
    expect(isRpcErrorObject({ code: -32000 })).toBe(false)
    expect(isRpcErrorObject(null)).toBe(false)
    expect(isRpcErrorObject([-32000, 'execution reverted'])).toBe(false)
  })
})
