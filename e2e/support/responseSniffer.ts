/**
 * What the sniffer needs of a page: running a script in it. Playwright's pages (the Chromium suite)
 * and puppeteer's (the Firefox suite, `e2e-firefox/`) both can.
 */
export type ScriptPage = { evaluate<T>(script: () => T): Promise<Awaited<T>> }

declare global {
  interface Window {
    sniffedResponseIds?: unknown[]
  }
}

/**
 * Records the id of every JSON-RPC response (an object with `id` and `result`, `resultJson` (a node
 * result relayed as JSON text) or `error`, at any depth of the stream's envelope) that reaches the page over `window.postMessage`: a request answered
 * twice shows up as a repeated id even when the provider drops the second answer. Each page API
 * (`{ api, data }` on the page stream: the EIP-1193 provider, the Solana wallet) counts its own ids,
 * since each numbers its requests from 1.
 */
export function sniffResponses(page: ScriptPage): Promise<void> {
  return page.evaluate(() => {
    window.sniffedResponseIds = []
    const seen = window.sniffedResponseIds
    const visit = (value: unknown, depth: number, api: string): void => {
      if (depth > 5 || typeof value !== 'object' || value === null) return
      const record = value as Record<string, unknown>
      const inner = typeof record.api === 'string' ? record.api : api
      const isResponse = 'result' in record || 'resultJson' in record || 'error' in record
      if ('id' in record && isResponse && !('method' in record)) {
        seen.push(`${inner}:${JSON.stringify(record.id)}`)
        return
      }
      for (const member of Object.values(record)) visit(member, depth + 1, inner)
    }
    window.addEventListener('message', (event) => {
      if (event.source === window) visit(event.data, 0, 'multichain')
    })
  })
}

/** The sniffed response ids: how many, and how many distinct. */
export async function sniffedResponses(
  page: ScriptPage,
): Promise<{ total: number; distinct: number }> {
  const ids = await page.evaluate(() => (window.sniffedResponseIds ?? []).map((id) => String(id)))
  return { total: ids.length, distinct: new Set(ids).size }
}
