import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex } from '@noble/curves/utils.js'
import { getBase58Decoder } from '@solana/kit'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { WalletError } from '../rpc/errors.ts'
import { parsePrivateKey } from './parsePrivateKey.ts'

/** anvil's first account's key and address. */
const anvilKey = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const anvilAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** secp256k1's group order n: keys are 1 … n − 1. */
const groupOrder = secp256k1.Point.CURVE().n

/** A Solana keypair (seed ‖ public key) from a 32-byte seed, as wallets export it. */
const keypairOf = (seed: Uint8Array): Uint8Array =>
  Uint8Array.from([...seed, ...ed25519.getPublicKey(seed)])
const solanaSeed = Uint8Array.from({ length: 32 }, (_, index) => index + 1)
const solanaKeypair = keypairOf(solanaSeed)
const solanaAddress = getBase58Decoder().decode(ed25519.getPublicKey(solanaSeed))

/** The refusal `parsePrivateKey(input)` throws. */
const refusalOf = (input: string): WalletError => {
  try {
    parsePrivateKey(input)
  } catch (error) {
    if (error instanceof WalletError) return error
    throw error
  }
  throw new Error('accepted')
}

describe('parsePrivateKey: EVM keys', () => {
  it('reads 64 hex digits with or without 0x, any case, as the account they control', () => {
    const expected = { namespace: 'eip155', secret: anvilKey, address: anvilAddress }
    expect(parsePrivateKey(anvilKey)).toEqual(expected)
    expect(parsePrivateKey(`0x${anvilKey}`)).toEqual(expected)
    expect(parsePrivateKey(`  0x${anvilKey.toUpperCase()}\n`)).toEqual(expected)
  })

  it('refuses the zero key', () => {
    expect(refusalOf('0'.repeat(64)).message).toMatch(/zero key/)
  })

  it('refuses a key at or beyond the group order', () => {
    expect(refusalOf(groupOrder.toString(16)).message).toMatch(/outside the range/)
    expect(refusalOf('f'.repeat(64)).message).toMatch(/outside the range/)
    expect(parsePrivateKey((groupOrder - 1n).toString(16)).namespace).toBe('eip155')
  })

  it('refuses hex of another length, saying how long a key is', () => {
    expect(refusalOf(anvilKey.slice(2)).message).toMatch(/64 hex digits, this has 62/)
  })
})

describe('parsePrivateKey: Solana keys', () => {
  it("reads a base58 keypair (Phantom's export) as its seed and address", () => {
    expect(parsePrivateKey(getBase58Decoder().decode(solanaKeypair))).toEqual({
      namespace: 'solana',
      secret: bytesToHex(solanaSeed),
      address: solanaAddress,
    })
  })

  it("reads solana-keygen's JSON array of 64 numbers the same way", () => {
    expect(parsePrivateKey(JSON.stringify([...solanaKeypair]))).toEqual(
      parsePrivateKey(getBase58Decoder().decode(solanaKeypair)),
    )
    expect(parsePrivateKey(`[ ${[...solanaKeypair].join(',\n ')} ]`).address).toBe(solanaAddress)
  })

  it('refuses a keypair whose public half is not its secret’s', () => {
    const damaged = Uint8Array.from(solanaKeypair)
    damaged[63] = (damaged[63] ?? 0) ^ 1
    expect(refusalOf(getBase58Decoder().decode(damaged)).message).toMatch(/public half/)
  })

  it('refuses the zero seed, a wrong count of numbers, and numbers that are not bytes', () => {
    expect(refusalOf(JSON.stringify([...keypairOf(new Uint8Array(32))])).message).toMatch(/zero/)
    expect(refusalOf(JSON.stringify([...solanaKeypair.slice(0, 32)])).message).toMatch(
      /64 numbers, this holds 32/,
    )
    expect(refusalOf(JSON.stringify([...solanaKeypair.slice(1), 256])).message).toMatch(/0 to 255/)
    expect(refusalOf('[1, 2').message).toMatch(/JSON array/)
  })

  it('refuses base58 of another length, and text that is no key', () => {
    expect(refusalOf(solanaAddress).message).toMatch(/64 bytes in base58, this is 32/)
    expect(refusalOf('not a key at all').message).toMatch(/neither hex, base58/)
    expect(refusalOf('   ').message).toMatch(/paste the key/)
  })
})

describe('parsePrivateKey: any input', () => {
  it('accepts every valid EVM key and every Solana seed, in each of their forms', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        fc.pre(bytes.some((byte) => byte !== 0))
        const hex = bytesToHex(bytes)
        if (secp256k1.utils.isValidSecretKey(bytes)) {
          expect(parsePrivateKey(`0x${hex}`)).toMatchObject({ namespace: 'eip155', secret: hex })
        }
        const keypair = keypairOf(bytes)
        const base58 = parsePrivateKey(getBase58Decoder().decode(keypair))
        expect(base58).toMatchObject({ namespace: 'solana', secret: hex })
        expect(parsePrivateKey(JSON.stringify([...keypair]))).toEqual(base58)
      }),
      { numRuns: 50 },
    )
  })

  it('returns a key or throws a WalletError that never repeats the input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 120 }),
          fc.stringMatching(/^(0x)?[0-9a-f]{60,68}$/),
          fc
            .array(fc.integer({ min: -2, max: 300 }), { maxLength: 70 })
            .map((n) => JSON.stringify(n)),
        ),
        (input) => {
          try {
            const parsed = parsePrivateKey(input)
            expect(['eip155', 'solana']).toContain(parsed.namespace)
            expect(parsed.secret).toMatch(/^[0-9a-f]{64}$/)
          } catch (error) {
            expect(error).toBeInstanceOf(WalletError)
            const { message } = error as WalletError
            if (input.trim().length >= 8) expect(message).not.toContain(input.trim())
          }
        },
      ),
    )
  })
})
