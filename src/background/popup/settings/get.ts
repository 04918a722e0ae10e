import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `settings:get`: the API key, auto-lock and local endpoints, over their defaults. */
export const settingsGet =
  ({ networks }: Pick<PopupPorts, 'networks'>): PopupHandler<'settings:get'> =>
  () =>
    networks.settings()
