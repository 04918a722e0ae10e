import { quoteWalletSend } from '../../../core/wallet/send/quoteWalletSend.ts'
import type { PopupHandler } from '../ports.ts'
import { type ReadPopupPorts, readPortsOf } from './sendPorts.ts'

/** `send:quote`: the fee presets (EVM) or fee and rent (Solana) of the draft on the send screen. */
export const sendQuote =
  (ports: ReadPopupPorts): PopupHandler<'send:quote'> =>
  ({ draft }) =>
    quoteWalletSend(readPortsOf(ports), draft)
