import { sendIdentityOf } from '../../../core/wallet/send/sendFromWallet.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `send:status`: what the worker holds of a send whose `send:submit` answer the popup lost
 * (`OwnRequests.status`), by the same identity the send is kept under.
 */
export const sendStatus =
  ({ ownRequests }: Pick<PopupPorts, 'ownRequests'>): PopupHandler<'send:status'> =>
  (params) =>
    ownRequests.status(sendIdentityOf(params))
