import { formatUnits } from 'viem'
import { instructionTitle } from '../../../core/solana/instructionTitle.ts'
import type { SolanaPreview } from '../../../core/solana/previewTransaction.ts'
import type { SolanaConfirmationViews } from '../../../core/wallet/confirmationViews.ts'
import { Field, FullAddress, Notice } from './parts.tsx'

/** "+0.5 SOL" / "−1.25 (mint …)": a signed change in the asset's units (9 decimals for SOL). */
function formatAmount(change: string, decimals: number | undefined, unit: string): string {
  const amount = BigInt(change)
  const magnitude = amount < 0n ? -amount : amount
  const sign = amount < 0n ? '−' : '+'
  return decimals === undefined
    ? `${sign}${magnitude} base units of ${unit}`
    : `${sign}${formatUnits(magnitude, decimals)} ${unit}`
}

/** `signMessage`: the message in full, as text when it is clean UTF-8, else as hex. */
export function SolanaMessageView({
  view,
}: {
  view: SolanaConfirmationViews['solana_signMessage']
}) {
  const { message } = view
  return (
    <Field label={message.kind === 'text' ? 'Message' : 'Message (bytes, not text)'}>
      <pre className="message" data-testid="confirm-solana-message">
        {message.kind === 'text' ? message.text : message.hex}
      </pre>
    </Field>
  )
}

/** `signIn`: the SIWS message as signed (the worker warns when it names another site's domain). */
export function SolanaSignInView({ view }: { view: SolanaConfirmationViews['solana_signIn'] }) {
  return (
    <Field label="Sign-in message">
      <pre className="message" data-testid="confirm-solana-message">
        {view.text}
      </pre>
    </Field>
  )
}

/** The local preview: the user's SOL and token changes, or the program error and its logs. */
function SolanaPreviewView({ preview, chainName }: { preview: SolanaPreview; chainName: string }) {
  return (
    <Field label={`Simulated on ${chainName}`} testId="confirm-simulation">
      {preview.kind === 'unavailable' ? (
        <Notice tone="warning">Could not simulate this transaction: {preview.reason}</Notice>
      ) : null}
      {preview.kind === 'failed' ? (
        <Notice tone="danger">
          <strong>This transaction will fail: {preview.error}</strong>
        </Notice>
      ) : null}
      {preview.kind === 'simulated' ? (
        preview.lamportsChange === '0' && preview.tokenChanges.length === 0 ? (
          <Notice tone="ok">No change to your SOL or token balances.</Notice>
        ) : (
          <ul className="changes">
            {preview.lamportsChange !== '0' ? (
              <li className={BigInt(preview.lamportsChange) < 0n ? 'out' : 'in'}>
                <span>{BigInt(preview.lamportsChange) < 0n ? 'You send' : 'You receive'}</span>
                <strong>{formatAmount(preview.lamportsChange, 9, 'SOL')}</strong>
              </li>
            ) : null}
            {preview.tokenChanges.map((change) => (
              <li key={change.account} className={BigInt(change.change) < 0n ? 'out' : 'in'}>
                <span>{BigInt(change.change) < 0n ? 'You send' : 'You receive'}</span>
                <strong>
                  {formatAmount(change.change, change.decimals, `token ${change.mint}`)}
                </strong>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {preview.kind !== 'unavailable' && preview.logs.length > 0 ? (
        <details className="methods" open={preview.kind === 'failed'}>
          <summary>Program logs</summary>
          <pre className="message">{preview.logs.join('\n')}</pre>
        </details>
      ) : null}
    </Field>
  )
}

/**
 * `signTransaction` / `signAndSendTransaction`: fee payer, the priority fee when it sets one, every
 * instruction, the preview.
 */
export function SolanaTransactionView({
  view,
  chainName,
}: {
  view: SolanaConfirmationViews['solana_transaction']
  chainName: string
}) {
  return (
    <>
      {view.send ? null : (
        <Notice tone="info">
          The site gets the signed transaction; the wallet does not send it.
        </Notice>
      )}
      <Field label="Fee payer" testId="confirm-solana-fee-payer">
        <FullAddress
          address={view.feePayer}
          note={view.feePayer === view.address ? 'you' : undefined}
        />
      </Field>
      {view.priorityFee ? (
        <Field label="Priority fee" testId="confirm-solana-priority-fee">
          <strong>{formatUnits(BigInt(view.priorityFee.lamports), 9)} SOL</strong>{' '}
          <span className="hint">
            {view.priorityFee.microLamportsPerUnit} micro-lamports × {view.priorityFee.unitLimit}{' '}
            compute units
            {view.priorityFee.unitLimitSet ? '' : ' (no limit set: the default, at most)'}, on top
            of the network fee
          </span>
        </Field>
      ) : null}
      <Field
        label={`Instructions (${view.instructions.length})`}
        testId="confirm-solana-instructions"
      >
        <ol className="instructions">
          {view.instructions.map((instruction, index) => (
            // Instructions have no identity besides their position in the transaction.
            // biome-ignore lint/suspicious/noArrayIndexKey: the order is the transaction's own
            <li key={index} data-testid={`confirm-solana-instruction-${index}`}>
              <strong>{instructionTitle(instruction)}</strong>
              {instruction.fields.length > 0 ? (
                <dl>
                  {instruction.fields.map(({ label, value }) => (
                    <div key={label}>
                      <dt>{label}</dt>
                      <dd>
                        <code>{value}</code>
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <dl>
                  <div>
                    <dt>Program</dt>
                    <dd>
                      <code>{instruction.programId}</code>
                    </dd>
                  </div>
                  <div>
                    <dt>Accounts</dt>
                    <dd>
                      <code>{instruction.accounts.join(', ') || '(none)'}</code>
                    </dd>
                  </div>
                  <div>
                    <dt>Data</dt>
                    <dd>
                      <code>{instruction.data || '(empty)'}</code>
                    </dd>
                  </div>
                </dl>
              )}
            </li>
          ))}
        </ol>
      </Field>
      <SolanaPreviewView preview={view.preview} chainName={chainName} />
    </>
  )
}
