import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { maxMessageBytes, parsePersonalSignParams } from './parsePersonalSignParams.ts'

const address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const checksummed = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('parsePersonalSignParams', () => {
  it('takes a hex message and an address, checksumming the address', () => {
    expect(parsePersonalSignParams(['0x68656C6C6F', address])).toEqual({
      params: { message: '0x68656c6c6f', address: checksummed },
    })
  })

  it('takes a message that is not hex as UTF-8 text', () => {
    expect(parsePersonalSignParams(['hello', checksummed])).toEqual({
      params: { message: '0x68656c6c6f', address: checksummed },
    })
  })

  it('reports a missing address with its path', () => {
    expect(parsePersonalSignParams(['0x00', '0x1234'])).toEqual({
      problems: [{ path: 'params[1]', message: 'must be a 20-byte hex address' }],
    })
  })

  it('refuses params that are not [message, address]', () => {
    expect(parsePersonalSignParams({ message: '0x00' })).toEqual({
      problems: [{ path: 'params', message: 'must be [message, address]' }],
    })
  })

  it('refuses a message over the size limit', () => {
    const message = `0x${'ab'.repeat(maxMessageBytes + 1)}`
    expect(parsePersonalSignParams([message, address])).toEqual({
      problems: [{ path: 'params[0]', message: `must be at most ${maxMessageBytes} bytes` }],
    })
  })

  it('never throws, and answers either params or problems', () => {
    fc.assert(
      fc.property(fc.anything(), (params) => {
        const parsed = parsePersonalSignParams(params)
        expect('params' in parsed || ('problems' in parsed && parsed.problems.length > 0)).toBe(
          true,
        )
      }),
    )
  })
})
