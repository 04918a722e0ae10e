import { ed25519 } from '@noble/curves/ed25519.js'
import { getBase58Encoder } from '@solana/kit'
import { HDKey } from 'micro-key-producer/slip10.js'
import { describe, expect, it } from 'vitest'
import { deriveSolanaAddresses, deriveSolanaKeys, signWithSolanaKey } from './deriveSolanaKeys.ts'

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex')

describe('deriveSolanaKeys', () => {
  it('follows SLIP-0010 ed25519 test vector 1 (seed 000102…0f): m and m/0H', () => {
    const master = HDKey.fromMasterSeed(Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex'))
    expect(hex(master.privateKey)).toBe(
      '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
    )
    expect(hex(master.publicKey)).toBe(
      '00a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed',
    )
    const child = master.derive("m/0'")
    expect(hex(child.privateKey)).toBe(
      '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
    )
    expect(hex(ed25519.getPublicKey(child.privateKey))).toBe(
      '8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c',
    )
  })

  it("gives Phantom's and solana-keygen's first address of the abandon…about mnemonic on m/44'/501'/0'/0'", () => {
    const mnemonic =
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
    expect(deriveSolanaAddresses(mnemonic, 1)).toEqual([
      'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
    ])
  })

  it('derives one key per account index, the same first ones whatever the count', () => {
    const mnemonic = 'test test test test test test test test test test test junk'
    const [first, second] = deriveSolanaAddresses(mnemonic, 2)
    expect(first).toBe('oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')
    expect(second).not.toBe(first)
    expect(deriveSolanaAddresses(mnemonic, 1)).toEqual([first])
  })

  it('signs with the key whose public key is the address', () => {
    const [key] = deriveSolanaKeys('test test test test test test test test test test test junk', 1)
    if (!key) throw new Error('no key')
    const message = new TextEncoder().encode('hello')
    const signature = signWithSolanaKey(key, message)
    expect(
      ed25519.verify(signature, message, new Uint8Array(getBase58Encoder().encode(key.address))),
    ).toBe(true)
  })
})
