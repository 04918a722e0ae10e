import { stringToHex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { describeMessage } from '../describeMessage.ts'
import { confirmationWarnings } from './confirmationWarnings.ts'
import { unacknowledgedBlocks } from './warning.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('confirmationWarnings', () => {
  it('lists every kind that applies, in the order of its rules', () => {
    const approveAll = {
      name: 'approve',
      spender: alice,
      amount: { raw: '1', formatted: '1', symbol: 'TST' },
      unlimited: true,
    }
    const batch = {
      origin: 'https://app.example',
      kind: 'calls',
      view: {
        from: alice,
        previews: [{ to: null, decoded: approveAll }],
        simulation: { kind: 'simulated', calls: [{ ok: false, reason: 'reverted' }], changes: [] },
      },
    }
    expect(confirmationWarnings(batch).map(({ kind }) => kind)).toEqual([
      'unlimited',
      'simulation-fails',
    ])
    const text = createSiweMessage({
      domain: 'bank.example',
      address: alice,
      uri: 'https://bank.example',
      version: '1',
      chainId: 1,
      nonce: 'n0nce1234',
    })
    const warnings = confirmationWarnings({
      origin: 'https://app.example',
      kind: 'personal_sign',
      view: { address: alice, message: describeMessage(stringToHex(text)), raw: '0x' },
    })
    expect(warnings.map(({ kind, level }) => `${kind}:${level}`)).toEqual(['signin-domain:block'])
  })

  it('puts the blocking recipient verdicts first and the new-address mark last', () => {
    const scammer = '0x08389B19ad52f0d983609ab785b3a43A0E90355F'
    const fakeAlice = '0xf39F111111111111111111111111111111112266'
    const batch = {
      origin: 'https://app.example',
      kind: 'calls',
      view: {
        from: alice,
        previews: [
          { to: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', decoded: null },
          { to: fakeAlice, decoded: null },
          { to: scammer, decoded: null },
        ],
        simulation: { kind: 'unavailable', error: 'none' },
        badChecksums: ['0x3C44CdDdB6a900fa2b585dd299e03d12FA4293Bc'],
      },
      book: { sent: [], own: [alice] },
    }
    expect(confirmationWarnings(batch).map(({ kind, level }) => `${kind}:${level}`)).toEqual([
      'known-bad:block',
      'lookalike:block',
      'checksum:warn',
      'new-address:info',
    ])
  })

  it('has no warnings for a plain message', () => {
    expect(
      confirmationWarnings({
        origin: 'https://app.example',
        kind: 'personal_sign',
        view: { address: alice, message: { kind: 'text', text: 'hello' }, raw: '0x68656c6c6f' },
      }),
    ).toEqual([])
  })
})

describe('unacknowledgedBlocks', () => {
  it('is the block warnings whose kind the user did not step past', () => {
    const warnings = [
      { kind: 'signin-domain', level: 'block', message: 'a' },
      { kind: 'unlimited', level: 'warn', message: 'b' },
    ] as const
    expect(unacknowledgedBlocks([...warnings]).map(({ kind }) => kind)).toEqual(['signin-domain'])
    expect(unacknowledgedBlocks([...warnings], ['signin-domain'])).toEqual([])
  })
})
