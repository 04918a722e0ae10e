import type { CustomFeeCheck, CustomFeeInput } from '../../core/eth/fees/checkCustomFee.ts'
import { type FeeChoiceName, type FeeOption, feeSpeeds } from '../../core/eth/fees/feeOption.ts'
import type { FeeMarket } from '../../core/eth/fees/readFeeMarket.ts'
import { FieldError } from './Layout.tsx'

const speedLabel = { slow: 'Slow', normal: 'Normal', fast: 'Fast' } as const

/** "0.000147 ETH (max 7 gwei, priority 5 gwei)": what a fee costs at most, and its fees per gas. */
const costText = (option: FeeOption, symbol: string): string =>
  option.priorityFeeGwei === null
    ? `${option.costEther} ${symbol} (gas price ${option.maxFeeGwei} gwei)`
    : `${option.costEther} ${symbol} (max ${option.maxFeeGwei} gwei, priority ${option.priorityFeeGwei} gwei)`

/**
 * The fee choice of a transaction (DESIGN §9 "Fees"): `<testId>` is a select of `slow` | `normal` |
 * `fast` | `custom`, each preset with what it costs at most; `custom` shows `<testId>-max-gwei` and
 * (EIP-1559 chains) `<testId>-priority-gwei`, with their errors (`<testId>-max-gwei-error`, …) and
 * the warning of a max fee below the base fee (`<testId>-warning`). Used by Send (`send-fee`) and the
 * confirmation (`confirm-fee`); the store that holds the choice checks the custom fee
 * (`checkCustomFee`) and passes the outcome as `check`.
 */
export function FeeSelect({
  testId,
  market,
  symbol,
  choice,
  custom,
  check,
  onChoose,
  onCustom,
}: {
  testId: 'send-fee' | 'confirm-fee'
  market: FeeMarket
  /** The native coin the cost is shown in. */
  symbol: string
  choice: FeeChoiceName
  custom: CustomFeeInput
  /** The custom fee's check; read only while `choice` is `custom`. */
  check: CustomFeeCheck | undefined
  onChoose(choice: FeeChoiceName): void
  onCustom(custom: CustomFeeInput): void
}) {
  const errors = check && !check.ok ? check.fields : {}
  return (
    <div className="fee-select">
      <label className="field">
        <span className="confirm-label">Fee</span>
        <select
          data-testid={testId}
          value={choice}
          onChange={(event) => onChoose(event.target.value as FeeChoiceName)}
        >
          {feeSpeeds.map((speed) => (
            <option key={speed} value={speed}>
              {speedLabel[speed]} — {costText(market.presets[speed], symbol)}
            </option>
          ))}
          <option value="custom">
            Custom{check?.ok && choice === 'custom' ? ` — ${costText(check.option, symbol)}` : ''}
          </option>
        </select>
      </label>
      {choice === 'custom' ? (
        <div className="row">
          <label className="field">
            <span className="confirm-label">
              {market.kind === 'legacy' ? 'Gas price (gwei)' : 'Max fee (gwei)'}
            </span>
            <input
              data-testid={`${testId}-max-gwei`}
              inputMode="decimal"
              value={custom.maxFeeGwei}
              onChange={(event) => onCustom({ ...custom, maxFeeGwei: event.target.value })}
            />
            <FieldError error={errors.maxFeeGwei} testId={`${testId}-max-gwei`} />
          </label>
          {market.kind === 'eip1559' ? (
            <label className="field">
              <span className="confirm-label">Priority fee (gwei)</span>
              <input
                data-testid={`${testId}-priority-gwei`}
                inputMode="decimal"
                value={custom.priorityFeeGwei}
                onChange={(event) => onCustom({ ...custom, priorityFeeGwei: event.target.value })}
              />
              <FieldError error={errors.priorityFeeGwei} testId={`${testId}-priority-gwei`} />
            </label>
          ) : null}
        </div>
      ) : null}
      {choice === 'custom' && check?.ok && check.warning ? (
        <p className="notice warning" data-testid={`${testId}-warning`}>
          {check.warning}
        </p>
      ) : null}
    </div>
  )
}
