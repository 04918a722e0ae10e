import type { ConfirmationViews } from '../../../core/wallet/confirmationViews.ts'
import { Field } from './parts.tsx'

/** `watch_asset` (`wallet_watchAsset`): the token as it reports itself on the site's chain. */
export function TokenView({ view }: { view: ConfirmationViews['watch_asset'] }) {
  return (
    <>
      <Field label="Token (as the contract reports it)">
        <strong data-testid="confirm-token-symbol">{view.symbol}</strong>
      </Field>
      <Field label="Contract">
        <code data-testid="confirm-token-address">{view.address}</code>
      </Field>
      <Field label="Decimals">
        <span data-testid="confirm-token-decimals">{view.decimals}</span>
      </Field>
    </>
  )
}
