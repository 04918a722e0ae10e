import { isBytes32 } from '../../../core/eth/hex.ts'
import { invalidFields } from '../../../core/rpc/errors.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/** The user's rejection of the replacement in the window: nothing to report. */
const userRejectedCode = 4001

/**
 * `transactions:replace`: Speed up / Cancel on a pending transaction (`activity-speed-up-<hash>`,
 * `activity-cancel-<hash>`). Answers once the replacement is checked and on its way to the
 * confirmation window; what the user then decides shows in the activity list, and a failure after
 * that point is logged.
 */
export const transactionsReplace =
  ({
    replaceTransaction,
  }: Pick<PopupPorts, 'replaceTransaction'>): PopupHandler<'transactions:replace'> =>
  async ({ hash, kind }) => {
    if (!isBytes32(hash)) throw invalidFields({ hash: 'Not a transaction hash' })
    if (kind !== 'speedUp' && kind !== 'cancel') {
      throw invalidFields({ kind: 'Speed up or cancel' })
    }
    const { answer } = await replaceTransaction({ hash, kind })
    answer.catch((error: unknown) => {
      const code =
        typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined
      if (code !== userRejectedCode) console.error('Aperture: replacing a transaction', error)
    })
    return null
  }
