import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `wallet:revealPhrase`: the secret recovery phrase, once the password is typed again. */
export const walletRevealPhrase =
  ({ wallet }: Pick<PopupPorts, 'wallet'>): PopupHandler<'wallet:revealPhrase'> =>
  async ({ password }) => ({ mnemonic: await wallet.revealPhrase(password) })
