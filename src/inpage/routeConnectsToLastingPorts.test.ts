import { describe, expect, it } from 'vitest'
import type { RuntimePort } from './lastingPort.ts'
import { routeConnectsToLastingPorts } from './routeConnectsToLastingPorts.ts'

const apertureId = 'hnfanknocfeofbddgcijnmhnfnkdnaad'
const otherId = 'nkbihfbeogaeaoehlefnkodbefgpgknn'
const timing = {
  randomId: () => '6f1c2a9e-4b7d-4e21-9c3a-2d5e8f0a1b3c',
  now: () => 0,
  later: () => undefined,
}

function fakeRuntime() {
  const calls: unknown[][] = []
  const port = (): RuntimePort => ({
    postMessage: () => undefined,
    disconnect: () => undefined,
    onMessage: { addListener: () => undefined },
    onDisconnect: { addListener: () => undefined },
  })
  const runtime = {
    connect(...args: unknown[]): unknown {
      calls.push(args)
      return port()
    },
  }
  return { runtime, calls }
}

describe('routeConnectsToLastingPorts', () => {
  it('gives connects to Aperture a lasting port, opened under the lasting name', () => {
    const { runtime, calls } = fakeRuntime()
    routeConnectsToLastingPorts(runtime, apertureId, timing)
    const port = runtime.connect(apertureId, { name: 'dapp' }) as { name: string }
    expect(port.name).toBe('dapp')
    expect(calls).toEqual([
      [apertureId, { name: 'aperture-lasting:6f1c2a9e-4b7d-4e21-9c3a-2d5e8f0a1b3c' }],
    ])
  })

  it('leaves connects to other extensions to Chrome', () => {
    const { runtime, calls } = fakeRuntime()
    routeConnectsToLastingPorts(runtime, apertureId, timing)
    runtime.connect(otherId, { name: 'x' })
    runtime.connect(otherId)
    expect(calls).toEqual([[otherId, { name: 'x' }], [otherId]])
  })
})
