/**
 * The window floor's confirmation window: one plain script that asks the worker one question and
 * renders the origin and an Approve button with Aperture's test ids; a click approves, and the
 * window closes once the worker has answered the page, after the moment Aperture's window waits
 * (`closeDelayMs`: the user sees the outcome; the harness's click has returned by then).
 */
import type { FloorWindowMessage, FloorWindowReply } from './protocol.ts'

const closeDelayMs = 400

const port = chrome.runtime.connect({ name: 'window' })
const send = (message: FloorWindowMessage): void => port.postMessage(message)
port.onMessage.addListener((reply: FloorWindowReply) => {
  if ('answered' in reply) {
    setTimeout(() => window.close(), closeDelayMs)
    return
  }
  const request = reply.pending
  if (!request) return
  const origin = document.createElement('div')
  origin.dataset.testid = 'confirm-origin'
  origin.textContent = request.origin
  const approve = document.createElement('button')
  approve.dataset.testid = 'confirm-approve'
  approve.textContent = 'Approve'
  approve.addEventListener('click', () => send({ approve: request.key }))
  document.body.append(origin, approve)
})
send({ ask: 'pending' })
