import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `wallet:create`: finishes "create a wallet" once the re-typed words match the new mnemonic
 * (`confirmation_mismatch` otherwise), encrypting it under the password.
 */
export const walletCreate =
  ({ wallet }: Pick<PopupPorts, 'wallet'>): PopupHandler<'wallet:create'> =>
  ({ password, confirmation }) =>
    wallet.create(password, confirmation)
