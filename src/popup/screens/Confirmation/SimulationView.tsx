import { formatEther, formatUnits } from 'viem'
import type { TokenInfo } from '../../../core/eth/readTokenInfo.ts'
import type { SimulationOutcome } from '../../../core/eth/simulateCalls.ts'
import { Field, Notice } from './parts.tsx'

/** "+2.5 TST" / "−1 ETH": a signed balance change in the asset's own units. */
export function formatChange(
  delta: string,
  token: string | undefined,
  tokens: TokenInfo[],
): string {
  const amount = BigInt(delta)
  const magnitude = amount < 0n ? -amount : amount
  const sign = amount < 0n ? '−' : '+'
  if (token === undefined) return `${sign}${formatEther(magnitude)} ETH`
  const info = tokens.find((candidate) => candidate.address.toLowerCase() === token.toLowerCase())
  return info
    ? `${sign}${formatUnits(magnitude, info.decimals)} ${info.symbol}`
    : `${sign}${magnitude} units of ${token}`
}

/**
 * The simulated preview: what the signing account gains and loses, or that (and why) the
 * transaction will revert. When the node could only run `eth_call`, it says so.
 */
export function SimulationView({
  simulation,
  tokens,
  chainName,
}: {
  simulation: SimulationOutcome
  tokens: TokenInfo[]
  chainName: string
}) {
  const failed =
    simulation.kind === 'unavailable'
      ? []
      : simulation.calls.flatMap((call, index) => (call.ok ? [] : [{ index, reason: call.reason }]))
  const several = simulation.kind !== 'unavailable' && simulation.calls.length > 1
  return (
    <Field label={`Simulated on ${chainName}`} testId="confirm-simulation">
      {simulation.kind === 'unavailable' ? (
        <Notice tone="warning">Could not simulate this request: {simulation.error}</Notice>
      ) : null}
      {failed.map(({ index, reason }) => (
        <Notice key={index} tone="danger">
          <strong>
            {several ? `Call ${index + 1}` : 'This transaction'} will revert: {reason}
          </strong>
          <span className="hint"> It would still cost its network fee.</span>
        </Notice>
      ))}
      {simulation.kind === 'simulated' && failed.length === 0 ? (
        simulation.changes.length === 0 ? (
          <Notice tone="ok">No change to your ether or token balances (besides the fee).</Notice>
        ) : (
          <ul className="changes">
            {simulation.changes.map((change) => (
              <li
                key={change.token ?? 'native'}
                className={BigInt(change.delta) < 0n ? 'out' : 'in'}
              >
                <span>{BigInt(change.delta) < 0n ? 'You send' : 'You receive'}</span>
                <strong>{formatChange(change.delta, change.token, tokens)}</strong>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {simulation.kind === 'call-only' ? (
        <Notice tone="info">
          {failed.length === 0 ? 'The call succeeds' : 'Checked'} with eth_call only: this node has
          no eth_simulateV1, so balance changes cannot be shown ({simulation.simulateError}).
        </Notice>
      ) : null}
    </Field>
  )
}
