import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `connections:update`: the site's session edited in Connections (its chains and accounts). */
export const connectionsUpdate =
  ({ engine }: Pick<PopupPorts, 'engine'>): PopupHandler<'connections:update'> =>
  async ({ origin, chains, accounts }) => {
    await engine.updateSession(origin, { chains, accounts })
    return null
  }
