/**
 * The window floor's MAIN-world script: `window[FLOOR_NAME].request(method, message)` → the
 * worker's answer, over the port its content script hands over.
 */
import type { FloorAnswer, FloorRequest } from './protocol.ts'

const waiting = new Map<number, (answer: FloorAnswer) => void>()
let nextId = 1
let content: MessagePort | undefined
const listener = (event: MessageEvent): void => {
  if (event.source !== window || event.data?.floor !== FLOOR_NAME) return
  content = event.ports[0]
  if (content) {
    content.onmessage = (message: MessageEvent<FloorAnswer>) => {
      waiting.get(message.data.id)?.(message.data)
      waiting.delete(message.data.id)
    }
  }
  window.removeEventListener('message', listener)
}
window.addEventListener('message', listener)
Object.assign(window, {
  [FLOOR_NAME]: {
    request(method: FloorRequest['method'], message = ''): Promise<string> {
      const id = nextId++
      return new Promise<FloorAnswer>((resolve, reject) => {
        if (!content) return reject(new Error('the window floor extension is not in this page'))
        waiting.set(id, resolve)
        content.postMessage({ id, method, message } as FloorRequest)
      }).then((answer) => answer.result)
    },
  },
})
