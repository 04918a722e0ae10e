import { describe, expect, it } from 'vitest'
import type { NodeClient, NodeRequestOptions } from '../eth/createHttpNodeClient.ts'
import { checkEndpointLive } from './checkEndpointLive.ts'
import { endpointCheckTimeoutMs } from './validateNetwork.ts'

/** A node answering `result` to every call, recording each call's method and options. */
function answering(result: string) {
  const calls: Array<{ method: string; options?: NodeRequestOptions }> = []
  const client: Pick<NodeClient, 'request'> = {
    async request(method, _params, options) {
      calls.push({ method, options })
      return { result }
    },
  }
  return { client, calls }
}

describe('checkEndpointLive', () => {
  it("asks an EVM endpoint eth_chainId, within the check's time limit", async () => {
    const { client, calls } = answering('0x7a69')
    expect(await checkEndpointLive(client, 'eip155:31337')).toBeUndefined()
    expect(calls).toEqual([
      { method: 'eth_chainId', options: { timeoutMs: endpointCheckTimeoutMs } },
    ])
  })

  it('asks a Solana endpoint getGenesisHash', async () => {
    const { client, calls } = answering('EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG')
    expect(
      await checkEndpointLive(client, 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'),
    ).toBeUndefined()
    expect(calls.map(({ method }) => method)).toEqual(['getGenesisHash'])
  })

  it('takes no endpoint for a namespace the wallet does not speak, asking nothing', async () => {
    const { client, calls } = answering('0x1')
    expect(await checkEndpointLive(client, 'cosmos:cosmoshub-4')).toBe(
      'The wallet takes no endpoint for cosmos:cosmoshub-4.',
    )
    expect(calls).toEqual([])
  })
})
