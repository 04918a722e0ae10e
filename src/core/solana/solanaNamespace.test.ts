import { describe, expect, it } from 'vitest'
import { createHarness } from '../multichain/testing/engineHarness.ts'
import { defaultCapabilities } from '../multichain/testing/memoryPorts.ts'
import { toBase64 } from './base64.ts'
import { solanaScopeMethods } from './solanaNamespace.ts'
import { transferTransaction } from './testing/transactions.ts'

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
  const invoke = (method: string, params: unknown) =>
    harness.call('wallet_invokeMethod', { scope: localSolana, request: { method, params } })
  return { harness, signMessage, invoke }
}

/** A transfer of 1,000 lamports to the first account, paid and signed by `from` alone (base64). */
const transferFrom = (from: string): string => toBase64(transferTransaction(from, first, 1_000n))

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

  it('answers -32602 for a transaction that is not base64, without asking the signer', async () => {
    const { harness, invoke } = await solanaSession()
    const answer = await invoke('signTransaction', {
      account: { address: first },
      transaction: 'not base64!',
    })
    expect(answer.error).toMatchObject({
      code: -32602,
      data: { problems: [expect.objectContaining({ path: 'transaction' })] },
    })
    expect(harness.ports.solanaSigned).toHaveLength(0)
  })

  it('answers -32602 for base64 bytes that are not a Solana transaction, naming the problem', async () => {
    const { harness, invoke } = await solanaSession()
    const answer = await invoke('signAndSendTransaction', {
      account: { address: first },
      transaction: toBase64(new Uint8Array([1, 2, 3])),
    })
    expect(answer.error).toMatchObject({
      code: -32602,
      data: {
        problems: [
          { path: 'transaction', message: expect.stringMatching(/^is not a Solana transaction/) },
        ],
      },
    })
    expect(harness.ports.solanaSigned).toHaveLength(0)
  })

  it('answers -32602 for a transaction our account does not sign, without asking the signer', async () => {
    const { harness, invoke } = await solanaSession()
    const answer = await invoke('signAndSendTransaction', {
      account: { address: first },
      transaction: transferFrom(second),
    })
    expect(answer.error).toMatchObject({
      code: -32602,
      data: {
        problems: [
          { path: 'account.address', message: 'is not a required signer of the transaction' },
        ],
      },
    })
    expect(harness.ports.solanaSigned).toHaveLength(0)
  })

  it('hands a transaction our granted account signs to the signer, decoded', async () => {
    const { harness, invoke } = await solanaSession()
    const answer = await invoke('signTransaction', {
      account: { address: first },
      transaction: transferFrom(first),
    })
    expect(answer.error).toBeUndefined()
    expect(harness.ports.solanaSigned[0]).toMatchObject({
      method: 'signTransaction',
      transaction: { feePayer: first, signers: [first] },
    })
  })

  it('forwards getLatestBlockhash to the chain’s node and answers its result verbatim', async () => {
    const { harness, invoke } = await solanaSession()
    const latest = {
      context: { apiVersion: '2.3.8', slot: 412 },
      value: {
        blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N',
        lastValidBlockHeight: 562,
      },
    }
    harness.ports.setNodeAnswer((_chain, method) =>
      method === 'getLatestBlockhash'
        ? { result: latest }
        : { error: { code: -32601, message: 'Method not found' } },
    )
    const answer = await invoke('getLatestBlockhash', [{ commitment: 'confirmed' }])
    expect(answer.result).toEqual(latest)
    expect(harness.ports.nodeCalls).toEqual([
      {
        kind: 'request',
        chainId: localSolana,
        method: 'getLatestBlockhash',
        params: [{ commitment: 'confirmed' }],
      },
    ])
    expect(harness.ports.solanaSigned).toHaveLength(0)
  })
})
