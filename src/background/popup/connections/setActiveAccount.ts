import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `connections:setActiveAccount`: makes one of the site's EVM accounts its active one (first). */
export const connectionsSetActiveAccount =
  ({ ethereum }: Pick<PopupPorts, 'ethereum'>): PopupHandler<'connections:setActiveAccount'> =>
  async ({ origin, address }) => {
    await ethereum.setActiveAccount(origin, address)
    return null
  }
