import { describe, expect, it } from 'vitest'
import { createHarness } from '../multichain/testing/engineHarness.ts'
import { defaultCapabilities } from '../multichain/testing/memoryPorts.ts'
import { solanaScopeMethods } from './solanaNamespace.ts'

const localSolana = 'solana:123456789abcdef'
/** The test mnemonic's Solana addresses of accounts 0 and 1 (`m/44'/501'/i'/0'`). */
const [first = '', second = ''] = [
  'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
  'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD',
]
const hello = Buffer.from('hello').toString('base64')

/** A session holding the Local Solana devnet with the first account only. */
async function solanaSession() {
  const capabilities = defaultCapabilities()
  capabilities.chains[localSolana] = { methods: [...solanaScopeMethods], notifications: [] }
  capabilities.addresses = { solana: [first, second] }
  const harness = createHarness({ capabilities })
  await harness.call('wallet_createSession', {
    optionalScopes: { [localSolana]: { methods: [], notifications: [] } },
  })
  const signMessage = (params: unknown) =>
    harness.call('wallet_invokeMethod', {
      scope: localSolana,
      request: { method: 'signMessage', params },
    })
  return { harness, signMessage }
}

describe('the solana namespace answering calls', () => {
  it('hands a granted account’s signMessage to the signer and answers with its result', async () => {
    const { harness, signMessage } = await solanaSession()
    const answer = await signMessage({ account: { address: first }, message: hello })
    expect(answer.result).toEqual({ signature: '1'.repeat(64) })
    expect(harness.ports.solanaSigned).toHaveLength(1)
    expect(harness.ports.solanaSigned[0]).toMatchObject({
      origin: 'https://app.example',
      chainId: localSolana,
      method: 'signMessage',
      params: { address: first },
    })
  })

  it('answers 4100 for an account the scope does not grant, without asking the signer', async () => {
    const { harness, signMessage } = await solanaSession()
    const answer = await signMessage({ account: { address: second }, message: hello })
    expect(answer.error?.code).toBe(4100)
    expect(harness.ports.solanaSigned).toHaveLength(0)
  })

  it('answers -32602 for a message that is not base64, without asking the signer', async () => {
    const { harness, signMessage } = await solanaSession()
    const answer = await signMessage({ account: { address: first }, message: '%%%' })
    expect(answer.error?.code).toBe(-32602)
    expect(harness.ports.solanaSigned).toHaveLength(0)
  })
})
