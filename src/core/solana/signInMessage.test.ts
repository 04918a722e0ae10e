import { describe, expect, it } from 'vitest'
import { originDomain, signInMessage } from './signInMessage.ts'

const domain = 'app.example'
const address = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const header = `app.example wants you to sign in with your Solana account:\n${address}`

/** Texts written by hand from the SIWS format of `@solana/wallet-standard-util`'s `createSignInMessageText`. */
describe('signInMessage', () => {
  it('writes the header alone when only domain and address are given', () => {
    expect(signInMessage({ domain, address })).toBe(header)
  })

  it('writes the statement after a blank line', () => {
    expect(signInMessage({ domain, address, statement: 'Sign in to the app.' })).toBe(
      `${header}\n\nSign in to the app.`,
    )
  })

  it('writes every field in the reference order, the statement before them', () => {
    const text = signInMessage({
      domain,
      address,
      statement: 'Sign in to the app.',
      uri: 'https://app.example/login',
      version: '1',
      chainId: 'solana:localnet',
      nonce: 'abc12345',
      issuedAt: '2026-11-23T16:00:00.000Z',
      expirationTime: '2026-11-23T17:00:00.000Z',
      notBefore: '2026-11-23T16:00:00.000Z',
      requestId: 'r-1',
      resources: ['https://app.example/terms', 'ipfs://bafy'],
    })
    expect(text).toBe(
      `${header}\n\nSign in to the app.\n\n` +
        'URI: https://app.example/login\n' +
        'Version: 1\n' +
        'Chain ID: solana:localnet\n' +
        'Nonce: abc12345\n' +
        'Issued At: 2026-11-23T16:00:00.000Z\n' +
        'Expiration Time: 2026-11-23T17:00:00.000Z\n' +
        'Not Before: 2026-11-23T16:00:00.000Z\n' +
        'Request ID: r-1\n' +
        'Resources:\n' +
        '- https://app.example/terms\n' +
        '- ipfs://bafy',
    )
  })

  it('skips an empty statement, as the reference does (no blank block)', () => {
    expect(signInMessage({ domain, address, statement: '', nonce: 'abc12345' })).toBe(
      `${header}\n\nNonce: abc12345`,
    )
  })

  it('skips an empty field, as the reference does', () => {
    expect(signInMessage({ domain, address, uri: '', nonce: '', version: '1' })).toBe(
      `${header}\n\nVersion: 1`,
    )
  })

  it('writes a `Resources:` line for an empty resources list, as the reference does', () => {
    expect(signInMessage({ domain, address, resources: [] })).toBe(`${header}\n\nResources:`)
  })
})

describe('originDomain', () => {
  it('is the host and port of an origin', () => {
    expect(originDomain('https://app.example:8443')).toBe('app.example:8443')
    expect(originDomain('http://127.0.0.1:5173')).toBe('127.0.0.1:5173')
  })
})
