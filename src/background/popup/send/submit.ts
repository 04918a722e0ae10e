import { sendFromWallet } from '../../../core/wallet/send/sendFromWallet.ts'
import type { PopupHandler } from '../ports.ts'
import { type SendPopupPorts, sendPortsOf } from './sendPorts.ts'

/**
 * `send:submit`: the send screen's Review. The draft is checked again and goes to the confirmation
 * window as the wallet's own request (`sendFromWallet`); answers once the node took it.
 */
export const sendSubmit =
  (ports: SendPopupPorts): PopupHandler<'send:submit'> =>
  (params) =>
    sendFromWallet(sendPortsOf(ports), params)
