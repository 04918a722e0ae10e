import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `wallet:import`: a wallet from a secret recovery phrase (`invalid_mnemonic`, `weak_password`). */
export const walletImport =
  ({ wallet }: Pick<PopupPorts, 'wallet'>): PopupHandler<'wallet:import'> =>
  ({ mnemonic, password }) =>
    wallet.import(mnemonic, password)
