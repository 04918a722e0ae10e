import { stringToHex, verifyMessage } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { alice, base, signingWorker, signingWorld } from '../testing/signingWorld.ts'
import { personalSign } from './personalSign.ts'

describe('personalSign', () => {
  it('signs an approved personal_sign with the account, verifiable by viem', async () => {
    const { ports, answer } = signingWorker(signingWorld())
    const signing = personalSign(ports, {
      ...base,
      method: 'personal_sign',
      params: { message: '0x68656c6c6f', address: alice },
    })
    const shown = await answer(true)
    expect(shown.view).toEqual({
      address: alice,
      message: { kind: 'text', text: 'hello' },
      raw: '0x68656c6c6f',
    })
    const answered = await signing
    expect(
      'result' in answered &&
        (await verifyMessage({
          address: alice,
          message: 'hello',
          signature: answered.result as `0x${string}`,
        })),
    ).toBe(true)
  })

  it('rejects with 4001 when the user rejects', async () => {
    const { ports, answer } = signingWorker(signingWorld())
    const signing = personalSign(ports, {
      ...base,
      method: 'personal_sign',
      params: { message: '0x00', address: alice },
    })
    await answer(false)
    await expect(signing).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
  })

  it('signs the message the window showed, never the params a re-sent copy carries', async () => {
    const shared = signingWorld()
    const first = signingWorker(shared)
    personalSign(first.ports, {
      ...base,
      method: 'personal_sign',
      params: { message: '0x68656c6c6f', address: alice },
    })
    await shared.stored()
    const second = signingWorker(shared)
    await second.answer(true)
    // A copy that passed for the same request (same key and digest) but carries other bytes.
    const answered = await personalSign(second.ports, {
      ...base,
      method: 'personal_sign',
      params: { message: '0x676f6f64627965', address: alice },
    })
    const signature = ('result' in answered ? answered.result : '0x') as `0x${string}`
    expect(await verifyMessage({ address: alice, message: 'hello', signature })).toBe(true)
  })

  it('keeps a signin-domain warning on a Sign-In with Ethereum for another domain, approves only once it is acknowledged, then signs the message shown', async () => {
    const { ports, shown, confirmations } = signingWorker(signingWorld())
    const text = createSiweMessage({
      domain: 'bank.example',
      address: alice,
      uri: 'https://bank.example/login',
      version: '1',
      chainId: 31337,
      nonce: 'n0nce1234',
    })
    const signing = personalSign(ports, {
      ...base,
      method: 'personal_sign',
      params: { message: stringToHex(text), address: alice },
    })
    const record = await shown()
    expect(record.warnings).toEqual([
      {
        kind: 'signin-domain',
        level: 'block',
        message:
          'This sign-in is for bank.example, but the request comes from 127.0.0.1:5173. Another site may be trying to sign you in as you.',
      },
    ])
    await expect(confirmations.resolve(record.id, true)).rejects.toMatchObject({
      code: 'warning_unacknowledged',
    })
    expect(await confirmations.pending()).toHaveLength(1)
    await confirmations.resolve(record.id, true, ['signin-domain'])
    const answered = await signing
    const signature = ('result' in answered ? answered.result : '0x') as `0x${string}`
    expect(await verifyMessage({ address: alice, message: text, signature })).toBe(true)
  })

  it("has no warning for a Sign-In with Ethereum for the page's own host", async () => {
    const { ports, shown } = signingWorker(signingWorld())
    const text = createSiweMessage({
      domain: '127.0.0.1:5173',
      address: alice,
      uri: 'http://127.0.0.1:5173/login',
      version: '1',
      chainId: 31337,
      nonce: 'n0nce1234',
    })
    void personalSign(ports, {
      ...base,
      method: 'personal_sign',
      params: { message: stringToHex(text), address: alice },
    })
    expect((await shown()).warnings).toEqual([])
  })
})
