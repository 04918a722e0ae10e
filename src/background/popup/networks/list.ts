import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `networks:list`: every network the wallet knows, built-in and added, with whether it is usable. */
export const networksList =
  ({ networks }: Pick<PopupPorts, 'networks'>): PopupHandler<'networks:list'> =>
  () =>
    networks.networks()
