import type { ConfirmationRecord, Confirmations } from '../createConfirmations.ts'

/** The user's side of the confirmation window in a test: waits for a request, then answers it. */
export function confirmationUser(confirmations: Confirmations) {
  /** The oldest pending confirmation, once it is there. */
  const shown = async (): Promise<ConfirmationRecord> => {
    for (;;) {
      const [first] = await confirmations.pending()
      if (first) return first
      await new Promise<void>((resolve) => setTimeout(resolve, 1))
    }
  }
  /** Answers the oldest pending confirmation once it is there. */
  const answer = async (approved: boolean): Promise<ConfirmationRecord> => {
    const first = await shown()
    await confirmations.resolve(first.id, approved)
    return first
  }
  return { shown, answer }
}
