import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `connections:revoke`: ends the site's session, as `wallet_revokeSession` would. */
export const connectionsRevoke =
  ({ engine }: Pick<PopupPorts, 'engine'>): PopupHandler<'connections:revoke'> =>
  async ({ origin }) => {
    await engine.revokeSession(origin)
    return null
  }
