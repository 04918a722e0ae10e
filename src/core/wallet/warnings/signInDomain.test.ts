import { stringToHex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { describeMessage } from '../describeMessage.ts'
import { signInDomain } from './signInDomain.ts'

const dapp = 'http://127.0.0.1:5173'
const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A Sign-In with Ethereum message for `domain`, as a page would ask it signed. */
const siwe = (domain: string): string =>
  createSiweMessage({
    domain,
    address: alice,
    uri: `https://${domain}/login`,
    version: '1',
    chainId: 1,
    nonce: 'n0nce1234',
  })

/** A `personal_sign` confirmation of `text` from `origin`, with the view the worker builds. */
const personalSign = (text: string, origin = dapp) => ({
  origin,
  kind: 'personal_sign',
  view: { address: alice, message: describeMessage(stringToHex(text)), raw: stringToHex(text) },
})

describe('signInDomain', () => {
  it('blocks a Sign-In with Ethereum message for another domain than the asking page, naming both', () => {
    expect(signInDomain(personalSign(siwe('bank.example')))).toEqual({
      kind: 'signin-domain',
      level: 'block',
      message:
        'This sign-in is for bank.example, but the request comes from 127.0.0.1:5173. Another site may be trying to sign you in as you.',
    })
  })

  it("says nothing of a Sign-In with Ethereum message for the page's own host and port", () => {
    expect(signInDomain(personalSign(siwe('127.0.0.1:5173')))).toBeUndefined()
  })

  it('says nothing of a message that is not an EIP-4361 sign-in, even one naming a domain', () => {
    expect(
      signInDomain(personalSign('bank.example wants you to sign in with your account')),
    ).toBeUndefined()
    expect(
      signInDomain({
        origin: dapp,
        kind: 'personal_sign',
        view: { address: alice, message: { kind: 'hex', hex: '0x00ff' }, raw: '0x00ff' },
      }),
    ).toBeUndefined()
  })

  it('blocks a Sign In With Solana request for another domain, and passes its own', () => {
    const signIn = (domain: string) => ({
      origin: dapp,
      kind: 'solana_signIn',
      view: { address: 'x', text: '', domain, originDomain: '127.0.0.1:5173' },
    })
    expect(signInDomain(signIn('bank.example'))).toMatchObject({
      kind: 'signin-domain',
      level: 'block',
    })
    expect(signInDomain(signIn('127.0.0.1:5173'))).toBeUndefined()
  })

  it('repeats a long domain only in part', () => {
    const long = `${'a'.repeat(5000)}.example`
    const warning = signInDomain({
      origin: dapp,
      kind: 'solana_signIn',
      view: { address: 'x', text: '', domain: long, originDomain: '127.0.0.1:5173' },
    })
    expect(warning?.message.length).toBeLessThan(400)
  })
})
