import { describe, expect, it } from 'vitest'
import { parseAccountId } from './parseAccountId.ts'
import { isValidReference, parseChainId } from './parseChainId.ts'

describe('parseChainId', () => {
  it('parses an eip155 chain id into namespace and reference', () => {
    expect(parseChainId('eip155:10')).toEqual({
      chainId: 'eip155:10',
      namespace: 'eip155',
      reference: '10',
    })
  })

  it('parses chain ids of other namespaces', () => {
    expect(parseChainId('bip122:000000000019d6689c085ae165831e93')?.namespace).toBe('bip122')
    expect(parseChainId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')?.reference).toBe(
      '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    )
  })

  it('rejects what is not CAIP-2', () => {
    for (const value of ['eip155', 'eip155:', ':1', 'EIP155:1', 'eip155:1:2', 1, null, undefined]) {
      expect(parseChainId(value)).toBeUndefined()
    }
  })

  it('rejects eip155 references that are not decimal chain ids', () => {
    expect(parseChainId('eip155:0x1')).toBeUndefined()
    expect(parseChainId('eip155:01')).toBeUndefined()
    expect(isValidReference('eip155', '31337')).toBe(true)
    expect(isValidReference('bip122', '000000000019d6689c085ae165831e93')).toBe(true)
  })
})

describe('parseAccountId', () => {
  it('parses an eip155 account id', () => {
    expect(parseAccountId('eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toEqual({
      accountId: 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: 'eip155:1',
      namespace: 'eip155',
      reference: '1',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    })
  })

  it('accepts an eip155 address in any letter case', () => {
    expect(parseAccountId('eip155:1:0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBeDefined()
  })

  it('rejects an eip155 account whose address is not 20 bytes of hex', () => {
    expect(parseAccountId('eip155:1:0x1234')).toBeUndefined()
    expect(parseAccountId('eip155:1:f39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBeUndefined()
  })

  it('rejects what is not CAIP-10', () => {
    for (const value of ['eip155:1', 'eip155:0x1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 7]) {
      expect(parseAccountId(value)).toBeUndefined()
    }
  })
})
