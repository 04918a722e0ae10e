import type { Page } from '@playwright/test'

/** A JSON-RPC response as the page's port received it. */
export type PortAnswer = {
  id: number | string
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

/** What a page script holds of `chrome.runtime.connect(<Aperture's id>)`'s port. */
type RuntimePort = {
  postMessage(message: unknown): void
  disconnect(): void
  onMessage: { addListener(listener: (message: unknown) => void): void }
}

declare global {
  interface Window {
    pagePort?: { port?: RuntimePort; answers: PortAnswer[] }
  }
}

/**
 * Opens a port to Aperture over the standard extension transport (`chrome.runtime.connect(<id>)`,
 * `{ type: 'caip-348', data }` both ways) as any page script can, under the connection id
 * `connectionId` of the page's choosing: Aperture's lasting port takes its id from
 * `crypto.randomUUID`, which the page answers. Opened again later with the same id, the port is the
 * same connection in the wallet — what a hostile page needs to send a request id again (issue 26).
 * The answers every port opened so receives are kept in order (`pagePortAnswers`).
 */
export async function openPagePort(
  page: Page,
  extensionId: string,
  connectionId: string,
): Promise<void> {
  await page.evaluate(
    ({ extensionId, connectionId }) => {
      const state = window.pagePort ?? { answers: [] }
      window.pagePort = state
      const runtime = (
        window as unknown as { chrome: { runtime: { connect(id: string): unknown } } }
      ).chrome.runtime
      const randomUUID = crypto.randomUUID
      crypto.randomUUID = () => connectionId as ReturnType<Crypto['randomUUID']>
      try {
        state.port = runtime.connect(extensionId) as RuntimePort
      } finally {
        crypto.randomUUID = randomUUID
      }
      state.port.onMessage.addListener((message) => {
        const { type, data } = message as { type?: string; data?: PortAnswer }
        if (type === 'caip-348' && data !== undefined && 'id' in data) state.answers.push(data)
      })
    },
    { extensionId, connectionId },
  )
}

/** Sends the JSON-RPC request `id` (`method`, `params`) on the page's port. */
export async function sendOnPagePort(
  page: Page,
  id: number,
  request: { method: string; params?: unknown },
): Promise<void> {
  await page.evaluate(
    ({ id, request }) => {
      const port = window.pagePort?.port
      if (!port) throw new Error('the page has no port open')
      port.postMessage({ type: 'caip-348', data: { jsonrpc: '2.0', id, ...request } })
    },
    { id, request },
  )
}

/** Closes the page's port for good, as a page that drops it does (`port.disconnect()`). */
export async function dropPagePort(page: Page): Promise<void> {
  await page.evaluate(() => window.pagePort?.port?.disconnect())
}

/** The answers the page's ports received for request `id` so far, in order. */
export function pagePortAnswers(page: Page, id: number): Promise<PortAnswer[]> {
  return page.evaluate(
    (id) => (window.pagePort?.answers ?? []).filter((answer) => answer.id === id),
    id,
  )
}
