import { describe, expect, it } from 'vitest'
import { alice, bob, createHarness, dapp } from '../multichain/testing/engineHarness.ts'
import { requestDigestOf } from '../protocol/requestIdentity.ts'

const unauthorized = {
  code: 4100,
  message: 'The requested account and/or method has not been authorized by the user.',
}
const devnet = 'eip155:31337'
const signingScope = {
  requiredScopes: {
    [devnet]: {
      methods: [
        'personal_sign',
        'eth_signTypedData_v4',
        'eth_sendTransaction',
        'wallet_sendCalls',
        'wallet_getCallsStatus',
        'wallet_getCapabilities',
        'eth_accounts',
      ],
      notifications: [],
    },
  },
}

const invoke = (method: string, params?: unknown) => ({
  scope: devnet,
  request: params === undefined ? { method } : { method, params },
})

/** A harness with a session on the devnet granting every signing method to alice only. */
async function signingHarness() {
  const harness = createHarness()
  await harness.call('wallet_createSession', signingScope)
  return harness
}

describe('signing methods through wallet_invokeMethod', () => {
  it('hands a checked personal_sign to the signer with the request key and digest, and relays its signature', async () => {
    const { call, ports } = await signingHarness()
    const asked = invoke('personal_sign', ['0x68656c6c6f', alice.toLowerCase()])
    const response = await call('wallet_invokeMethod', asked)
    expect(response.result).toBe(`0x${'ab'.repeat(65)}`)
    expect(ports.signed).toEqual([
      {
        origin: dapp,
        chainId: devnet,
        requestKey: 'tab-1/2',
        requestDigest: requestDigestOf('wallet_invokeMethod', asked),
        method: 'personal_sign',
        params: { message: '0x68656c6c6f', address: alice },
      },
    ])
  })

  it('answers 4100 for a signing address the scope did not grant, without asking the user', async () => {
    const { call, ports } = await signingHarness()
    const response = await call('wallet_invokeMethod', invoke('personal_sign', ['0x00', bob]))
    expect(response.error).toEqual(unauthorized)
    expect(ports.signed).toEqual([])
  })

  it('answers 4100 for a transaction from an ungranted account', async () => {
    const { call } = await signingHarness()
    const response = await call(
      'wallet_invokeMethod',
      invoke('eth_sendTransaction', [{ from: bob, to: alice }]),
    )
    expect(response.error).toEqual(unauthorized)
  })

  it('answers 4100 for a signing method the scope did not grant', async () => {
    const harness = createHarness()
    await harness.call('wallet_createSession', {
      requiredScopes: { [devnet]: { methods: ['eth_blockNumber'], notifications: [] } },
    })
    const response = await harness.call(
      'wallet_invokeMethod',
      invoke('personal_sign', ['0x00', alice]),
    )
    expect(response.error).toEqual(unauthorized)
  })

  it('answers -32602 with the problems in data for malformed params', async () => {
    const { call } = await signingHarness()
    const response = await call(
      'wallet_invokeMethod',
      invoke('eth_sendTransaction', [{ from: alice, value: 'ten' }]),
    )
    expect(response.error).toMatchObject({
      code: -32602,
      data: {
        problems: [
          { path: 'params[0].value', message: 'must be a hex quantity (0x…) of at most 256 bits' },
        ],
      },
    })
  })

  it('answers -32602 for typed data whose domain names another chain', async () => {
    const { call, ports } = await signingHarness()
    const typedData = {
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      domain: { name: 'Example', chainId: 1 },
      message: { text: 'hello' },
    }
    const response = await call(
      'wallet_invokeMethod',
      invoke('eth_signTypedData_v4', [alice, typedData]),
    )
    expect(response.error).toMatchObject({
      code: -32602,
      data: { problems: [{ path: 'params[1].domain.chainId' }] },
    })
    expect(ports.signed).toEqual([])
  })

  it("relays the signer's node error verbatim", async () => {
    const { call, ports } = await signingHarness()
    const error = { code: -32000, message: 'insufficient funds for gas * price + value' }
    ports.setSignerAnswer(() => ({ error }))
    const response = await call(
      'wallet_invokeMethod',
      invoke('eth_sendTransaction', [{ from: alice, to: alice }]),
    )
    expect(response.error).toEqual(error)
  })

  it("answers eth_accounts with the scope's accounts, without a prompt", async () => {
    const { call, ports } = await signingHarness()
    const response = await call('wallet_invokeMethod', invoke('eth_accounts'))
    expect(response.result).toEqual([alice])
    expect(ports.signed).toEqual([])
  })

  it('answers wallet_getCapabilities keyed by the hex chain id, atomic unsupported', async () => {
    const { call } = await signingHarness()
    const response = await call(
      'wallet_invokeMethod',
      invoke('wallet_getCapabilities', [alice, ['0x7a69']]),
    )
    expect(response.result).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    const other = await call(
      'wallet_invokeMethod',
      invoke('wallet_getCapabilities', [alice, ['0x1']]),
    )
    expect(other.result).toEqual({})
  })

  it('sends a batch from the first granted account when it names none', async () => {
    const { call, ports } = await signingHarness()
    await call(
      'wallet_invokeMethod',
      invoke('wallet_sendCalls', [
        { version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls: [{ to: bob }] },
      ]),
    )
    expect(ports.signed[0]).toMatchObject({ method: 'wallet_sendCalls', params: { from: alice } })
  })

  it('hands the signer the addresses the page wrote with a bad EIP-55 checksum, before they are normalized', async () => {
    const { call, ports } = await signingHarness()
    // Bob's address with the case of its first letter flipped: still mixed-case, checksum broken.
    const flipped = '0x70997970c51812dc3A010C7d01b50e0d17dc79C8'
    await call('wallet_invokeMethod', invoke('eth_sendTransaction', [{ from: alice, to: flipped }]))
    await call(
      'wallet_invokeMethod',
      invoke('wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          atomicRequired: false,
          calls: [{ to: bob }, { to: flipped }],
        },
      ]),
    )
    expect(
      ports.signed.map((request) => 'badChecksums' in request && request.badChecksums),
    ).toEqual([[flipped], [flipped]])
    expect(ports.signed[0]).toMatchObject({ params: { to: bob } })
  })

  it('refuses an atomic batch with 5760', async () => {
    const { call } = await signingHarness()
    const response = await call(
      'wallet_invokeMethod',
      invoke('wallet_sendCalls', [
        { version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [{ to: bob }] },
      ]),
    )
    expect(response.error?.code).toBe(5760)
  })
})
