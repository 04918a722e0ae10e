import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `confirmation:checkNetwork`: the user's "Check network" on a network a page proposes — the live
 * check of the network the record shows, run now, with the user's opt-in to a local address
 * (`createNetworkAdder.ts`, docs/security.md "Networks proposed by pages").
 */
export const confirmationCheckNetwork =
  ({
    proposedNetworks,
  }: Pick<PopupPorts, 'proposedNetworks'>): PopupHandler<'confirmation:checkNetwork'> =>
  ({ id, allowLocal }) =>
    proposedNetworks.check(id, { allowLocal })
