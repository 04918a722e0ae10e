import { describe, expect, it } from 'vitest'
import type { Json } from '../../rpc/types.ts'
import { checksum } from './checksum.ts'

const dapp = 'http://127.0.0.1:5173'
const miswritten = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293Bc'

const confirmation = (kind: string, view: object) => ({
  origin: dapp,
  kind,
  view: view as unknown as Json,
})

describe('checksum', () => {
  it('warns of a transaction whose page wrote an address with a bad checksum, naming it', () => {
    expect(checksum(confirmation('transaction', { badChecksums: [miswritten] }))).toEqual({
      kind: 'checksum',
      level: 'warn',
      message: `The site wrote the address ${miswritten} with capital letters that do not match its checksum (EIP-55): it may be mistyped or altered. Check it before going on.`,
    })
  })

  it('warns of a batch with such an address in one of its calls', () => {
    expect(checksum(confirmation('calls', { badChecksums: [miswritten] }))?.kind).toBe('checksum')
  })

  it('says nothing when every address was well written, or on a record from before the check', () => {
    expect(checksum(confirmation('transaction', { badChecksums: [] }))).toBeUndefined()
    expect(checksum(confirmation('transaction', {}))).toBeUndefined()
    expect(checksum(confirmation('personal_sign', { badChecksums: [miswritten] }))).toBeUndefined()
  })
})
