import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `confirmations:close`: the confirmation window, every request in it answered, may close unless a
 * request came meanwhile.
 */
export const confirmationsClose =
  ({ confirmations }: Pick<PopupPorts, 'confirmations'>): PopupHandler<'confirmations:close'> =>
  () =>
    confirmations.closeIfIdle()
