import { describe, expect, it } from 'vitest'
import { simulationFails } from './simulationFails.ts'

const dapp = 'http://127.0.0.1:5173'

describe('simulationFails', () => {
  it('warns when a call of the transaction or batch reverts in the simulation', () => {
    const simulation = (ok: boolean) => ({
      kind: 'simulated',
      calls: [
        { ok: true, reason: '' },
        { ok, reason: 'ERC20: transfer amount exceeds balance' },
      ],
      changes: [],
    })
    expect(
      simulationFails({ origin: dapp, kind: 'calls', view: { simulation: simulation(false) } }),
    ).toMatchObject({ kind: 'simulation-fails', level: 'warn' })
    expect(
      simulationFails({
        origin: dapp,
        kind: 'transaction',
        view: { simulation: simulation(true) },
      }),
    ).toBeUndefined()
  })

  it('says nothing when the simulation was unavailable', () => {
    expect(
      simulationFails({
        origin: dapp,
        kind: 'transaction',
        view: { simulation: { kind: 'unavailable', error: 'no node' } },
      }),
    ).toBeUndefined()
  })

  it('warns when a Solana transaction fails its preview', () => {
    const preview = (kind: string) => ({
      origin: dapp,
      kind: 'solana_transaction',
      view: { preview: { kind } },
    })
    expect(simulationFails(preview('failed'))).toMatchObject({ kind: 'simulation-fails' })
    expect(simulationFails(preview('simulated'))).toBeUndefined()
  })
})
