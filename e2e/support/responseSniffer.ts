import type { Page } from '@playwright/test'

declare global {
  interface Window {
    sniffedResponseIds?: unknown[]
  }
}

/**
 * Records the id of every JSON-RPC response (an object with `id` and `result`, `resultJson` (a node
 * result relayed as JSON text) or `error`, at any depth of the stream's envelope) that reaches the page over `window.postMessage`: a request answered
 * twice shows up as a repeated id even when the provider drops the second answer.
 */
export function sniffResponses(page: Page): Promise<void> {
  return page.evaluate(() => {
    window.sniffedResponseIds = []
    const seen = window.sniffedResponseIds
    const visit = (value: unknown, depth: number): void => {
      if (depth > 5 || typeof value !== 'object' || value === null) return
      const record = value as Record<string, unknown>
      const isResponse = 'result' in record || 'resultJson' in record || 'error' in record
      if ('id' in record && isResponse && !('method' in record)) {
        seen.push(record.id)
        return
      }
      for (const inner of Object.values(record)) visit(inner, depth + 1)
    }
    window.addEventListener('message', (event) => {
      if (event.source === window) visit(event.data, 0)
    })
  })
}

/** The sniffed response ids: how many, and how many distinct. */
export async function sniffedResponses(page: Page): Promise<{ total: number; distinct: number }> {
  const ids = await page.evaluate(() =>
    (window.sniffedResponseIds ?? []).map((id) => JSON.stringify(id)),
  )
  return { total: ids.length, distinct: new Set(ids).size }
}
