import { sendFromWallet } from '../../../core/wallet/send/sendFromWallet.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'
import { sendPortsOf } from './sendPorts.ts'

/**
 * `send:submit`: the send screen's Review. The draft is checked again and goes to the confirmation
 * window as the wallet's own request (`sendFromWallet`); answers once the node took it.
 */
export const sendSubmit =
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
  ): PopupHandler<'send:submit'> =>
  (params) =>
    sendFromWallet(sendPortsOf(ports), params)
