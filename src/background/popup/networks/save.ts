import { createHttpNodeClient } from '../../../core/eth/createHttpNodeClient.ts'
import { saveNetwork } from '../../../core/wallet/saveNetwork.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `networks:save`: the network form (`saveNetwork`), its endpoint checked live over HTTP. */
export const networksSave =
  ({ networks }: Pick<PopupPorts, 'networks'>): PopupHandler<'networks:save'> =>
  (params) =>
    saveNetwork({ networks, client: (url) => createHttpNodeClient({ url }) }, params)
