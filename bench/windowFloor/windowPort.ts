/**
 * The floor windows' one question (both `confirm.ts` and `confirmReact.tsx`): asks the worker for
 * the pending request over a port and hands it to `show` with its approval; the window closes once
 * the worker has answered the page, after the moment Aperture's window waits (`closeDelayMs`: the
 * user sees the outcome; the harness's click has returned by then).
 */
import type { FloorPending, FloorWindowMessage, FloorWindowReply } from './protocol.ts'

const closeDelayMs = 400

/** Asks the worker for the request to show; `show` renders it, `approve` answers it. */
export function askPending(show: (request: FloorPending, approve: () => void) => void): void {
  const port = chrome.runtime.connect({ name: 'window' })
  const send = (message: FloorWindowMessage): void => port.postMessage(message)
  port.onMessage.addListener((reply: FloorWindowReply) => {
    if ('answered' in reply) {
      setTimeout(() => window.close(), closeDelayMs)
      return
    }
    const request = reply.pending
    if (request) show(request, () => send({ approve: request.key }))
  })
  send({ ask: 'pending' })
}
