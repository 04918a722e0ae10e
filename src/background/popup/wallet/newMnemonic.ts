import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `wallet:newMnemonic`: starts "create a wallet" with a new mnemonic, shown once, and the positions
 * of the words the user re-types to confirm it.
 */
export const walletNewMnemonic =
  ({ wallet }: Pick<PopupPorts, 'wallet'>): PopupHandler<'wallet:newMnemonic'> =>
  () =>
    wallet.newMnemonic()
