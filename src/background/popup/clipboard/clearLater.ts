import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `clipboard:clearLater`: schedules the clear of a secret the popup copied (the secret is not sent). */
export const clipboardClearLater =
  ({
    secretClipboard,
  }: Pick<PopupPorts, 'secretClipboard'>): PopupHandler<'clipboard:clearLater'> =>
  async () => ({ clearAt: await secretClipboard.clearLater() })
