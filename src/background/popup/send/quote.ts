import { quoteWalletSend } from '../../../core/wallet/send/quoteWalletSend.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'
import { sendPortsOf } from './sendPorts.ts'

/** `send:quote`: the fee presets (EVM) or fee and rent (Solana) of the draft on the send screen. */
export const sendQuote =
  (
    ports: Pick<
      PopupPorts,
      | 'wallet'
      | 'networks'
      | 'nodeCall'
      | 'confirmations'
      | 'signer'
      | 'solanaSigner'
      | 'ownRequests'
    >,
  ): PopupHandler<'send:quote'> =>
  ({ draft }) =>
    quoteWalletSend(sendPortsOf(ports), draft)
