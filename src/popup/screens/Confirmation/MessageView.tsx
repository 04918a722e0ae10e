import type { ConfirmationViews } from '../../../core/wallet/confirmationViews.ts'
import { Field } from './parts.tsx'

/** `personal_sign`: the message in full, as text when it is clean UTF-8, else as hex. */
export function MessageView({ view }: { view: ConfirmationViews['personal_sign'] }) {
  const { message } = view
  return (
    <Field label={message.kind === 'text' ? 'Message' : 'Message (bytes, not text)'}>
      <pre className="message" data-testid="confirm-message">
        {message.kind === 'text' ? message.text : message.hex}
      </pre>
    </Field>
  )
}
