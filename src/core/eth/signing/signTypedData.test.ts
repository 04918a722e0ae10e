import { verifyMessage, verifyTypedData } from 'viem'
import { describe, expect, it } from 'vitest'
import { requestIdentityOf } from '../../protocol/requestIdentity.ts'
import { parseTypedDataParams, toViemTypedData } from '../parseTypedDataParams.ts'
import { permitTypedData } from '../testing/permitTypedData.ts'
import { alice, base, bob, devnet, signingWorker, signingWorld } from '../testing/signingWorld.ts'
import { type PersonalSignParameters, personalSign } from './personalSign.ts'
import { signTypedData } from './signTypedData.ts'

/** An unlimited USDC allowance: what a hostile page would like signed in place of "hello". */
const permit = permitTypedData({
  owner: alice,
  spender: bob,
  chainId: 31337,
  verifyingContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
})
/** The same page request 7, re-sent asking for the permit. */
const swapped = requestIdentityOf('tab-1', 7, 'wallet_invokeMethod', {
  scope: devnet,
  request: { method: 'eth_signTypedData_v4', params: [alice, JSON.stringify(permit)] },
})

describe('signTypedData', () => {
  it('signs typed data, verifiable by viem', async () => {
    const { ports, answer } = signingWorker(signingWorld())
    const typedData = {
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      domain: { name: 'Example', chainId: 31337 },
      message: { text: 'hello' },
    }
    const signing = signTypedData(ports, {
      ...base,
      method: 'eth_signTypedData_v4',
      params: { address: alice, typedData },
    })
    await answer(true)
    const answered = await signing
    const signature = ('result' in answered ? answered.result : '') as `0x${string}`
    expect(
      await verifyTypedData({ address: alice, ...toViemTypedData(typedData), signature }),
    ).toBe(true)
  })

  it('refuses -32602 typed data re-sent under the key of a pending personal_sign, and signs the message shown on approval', async () => {
    const shared = signingWorld()
    const first = signingWorker(shared)
    const request: PersonalSignParameters = {
      ...base,
      method: 'personal_sign',
      params: { message: '0x68656c6c6f', address: alice },
    }
    personalSign(first.ports, request)
    await first.shown()
    const second = signingWorker(shared)
    await expect(
      signTypedData(second.ports, {
        ...base,
        ...swapped,
        method: 'eth_signTypedData_v4',
        params: { address: alice, typedData: permit },
      }),
    ).rejects.toMatchObject({ code: -32602 })
    const resent = personalSign(second.ports, request)
    const shown = await second.answer(true)
    expect(shown.kind).toBe('personal_sign')
    const answered = await resent
    const signature = ('result' in answered ? answered.result : '0x') as `0x${string}`
    expect(await verifyMessage({ address: alice, message: 'hello', signature })).toBe(true)
  })

  it('refuses -32602 typed data re-sent under the key of a personal_sign approved while no request waited', async () => {
    const shared = signingWorld()
    const first = signingWorker(shared)
    personalSign(first.ports, {
      ...base,
      method: 'personal_sign',
      params: { message: '0x68656c6c6f', address: alice },
    })
    await shared.stored()
    // The user approves after a restart, before anything was re-sent.
    await signingWorker(shared).answer(true)
    await expect(
      signTypedData(signingWorker(shared).ports, {
        ...base,
        ...swapped,
        method: 'eth_signTypedData_v4',
        params: { address: alice, typedData: permit },
      }),
    ).rejects.toMatchObject({ code: -32602 })
  })

  it('signs the typed data the window showed, never the typed data a re-sent copy carries', async () => {
    const shared = signingWorld()
    const greeting = {
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      domain: { name: 'Example', chainId: 31337 },
      message: { text: 'hello' },
    }
    signTypedData(signingWorker(shared).ports, {
      ...base,
      method: 'eth_signTypedData_v4',
      params: { address: alice, typedData: greeting },
    })
    await shared.stored()
    const second = signingWorker(shared)
    await second.answer(true)
    const answered = await signTypedData(second.ports, {
      ...base,
      method: 'eth_signTypedData_v4',
      params: { address: alice, typedData: permit },
    })
    const signature = ('result' in answered ? answered.result : '0x') as `0x${string}`
    expect(await verifyTypedData({ address: alice, ...toViemTypedData(greeting), signature })).toBe(
      true,
    )
  })

  it('shows a permit spelled out (token read from the node, unlimited warned) and signs only its declared fields', async () => {
    const { ports, shown, answer } = signingWorker(signingWorld())
    const parsed = parseTypedDataParams(
      [alice, { ...permit, message: { ...permit.message, allowed: false } }],
      31337n,
    )
    if (!('params' in parsed)) throw new Error('the permit did not parse')
    const signing = signTypedData(ports, {
      ...base,
      method: 'eth_signTypedData_v4',
      params: parsed.params,
    })
    const record = await shown()
    expect(record.view).toMatchObject({
      typedData: { message: { value: permit.message.value } },
      permit: {
        standard: 'EIP-2612',
        spender: bob,
        allowances: [{ amount: { symbol: 'USDC' }, unlimited: true }],
      },
    })
    expect(JSON.stringify(record.view)).not.toContain('allowed')
    expect(record.warnings?.map(({ kind }) => kind)).toEqual(['unlimited'])
    await answer(true)
    const answered = await signing
    const signature = ('result' in answered ? answered.result : '0x') as `0x${string}`
    expect(await verifyTypedData({ address: alice, ...toViemTypedData(permit), signature })).toBe(
      true,
    )
  })
})
