import { viewOf, type WarningRule } from './warningRule.ts'

/**
 * `simulation-fails` (warn): the simulation says the transaction (or a call of the batch) fails;
 * sent anyway, it would still cost its network fee. The reason is in the simulation's own view.
 */
export const simulationFails: WarningRule = (subject) => {
  const evm = viewOf(subject, 'transaction') ?? viewOf(subject, 'calls')
  const reverts =
    evm !== undefined &&
    evm.simulation.kind !== 'unavailable' &&
    evm.simulation.calls.some((call) => !call.ok)
  const fails = reverts || viewOf(subject, 'solana_transaction')?.preview.kind === 'failed'
  if (!fails) return undefined
  return {
    kind: 'simulation-fails',
    level: 'warn',
    message: 'The simulation says this will fail. Sent anyway, it would still cost its fee.',
  }
}
