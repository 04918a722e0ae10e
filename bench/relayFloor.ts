/**
 * The floor of a large answer through a wallet extension (issue 21): a benchmark-only extension that
 * relays a node's answer from its service worker to the page and does nothing else — no session,
 * no checks, no envelope split — so what it costs over a direct `fetch` is what the browser's own
 * hops cost. Its scripts are the functions below, written into a temporary unpacked extension as
 * their source (`Function.prototype.toString`), so they use nothing outside themselves.
 *
 * Each way fetches the node's answer in the worker, as the wallet does, and the page parses it:
 * - `whole`: page → content script → worker; the body's text back as one runtime port message, then
 *   to the page over a `MessagePort` (no other listener of the window sees it);
 * - `pieces`: the same, the body's text sent on as it arrives from the node (one port message per
 *   piece the worker reads), each piece passed to the page at once, joined there;
 * - `external`: one hop, page ↔ worker over `chrome.runtime.connect(<id>)` (`externally_connectable`,
 *   the official client's transport), the text as one message;
 * - `externalPieces`: the same one hop, the body's text sent on as it arrives (what the page would
 *   gain if pieces skipped the content script).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const relayWays = ['whole', 'pieces', 'external', 'externalPieces'] as const
export type RelayWay = (typeof relayWays)[number]

/** A request the page hands the relay: where to post which JSON-RPC body, and how to answer. */
type RelayRequest = { id: number; way: RelayWay; url: string; body: string }
/** What travels back: a piece of the body's text, or its (last) text. */
type RelayAnswer = { id: number; piece?: string; text?: string; error?: string }

/** The service worker: fetches the answer and sends it back the way asked. */
function relayWorker(): void {
  const answer = async (port: chrome.runtime.Port, request: RelayRequest): Promise<void> => {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: request.body,
    })
    if ((request.way !== 'pieces' && request.way !== 'externalPieces') || !response.body) {
      port.postMessage({ id: request.id, text: await response.text() } satisfies RelayAnswer)
      return
    }
    const reader = response.body.getReader()
    const decoder = new TextDecoder()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      port.postMessage({
        id: request.id,
        piece: decoder.decode(value, { stream: true }),
      } satisfies RelayAnswer)
    }
    port.postMessage({ id: request.id, text: decoder.decode() } satisfies RelayAnswer)
  }
  const serve = (port: chrome.runtime.Port): void => {
    port.onMessage.addListener((request: RelayRequest) => {
      answer(port, request).catch((error: unknown) =>
        port.postMessage({ id: request.id, error: String(error) } satisfies RelayAnswer),
      )
    })
  }
  chrome.runtime.onConnect.addListener(serve)
  chrome.runtime.onConnectExternal.addListener(serve)
}

/**
 * The content script: hands the page one end of a `MessageChannel` (so that its traffic reaches no
 * other listener of the window), then relays requests to the worker's port and answers back.
 */
function relayContent(): void {
  const port = chrome.runtime.connect({ name: 'relay-floor' })
  const channel = new MessageChannel()
  port.onMessage.addListener((answer: RelayAnswer) => channel.port1.postMessage(answer))
  channel.port1.onmessage = (event) => port.postMessage(event.data)
  window.postMessage({ relayFloor: chrome.runtime.id }, location.origin, [channel.port2])
}

/** The MAIN-world script: `window.relayFloor(way, url, body)` → the parsed answer. */
function relayPage(): void {
  const waiting = new Map<number, { resolve(answer: RelayAnswer): void; pieces: string[] }>()
  const settle = (answer: RelayAnswer): void => {
    const request = waiting.get(answer.id)
    if (!request) return
    if (answer.piece !== undefined) {
      request.pieces.push(answer.piece)
      return
    }
    waiting.delete(answer.id)
    request.pieces.push(answer.text ?? '')
    request.resolve({ ...answer, text: request.pieces.join('') })
  }
  let nextId = 1
  let content: MessagePort | undefined
  let external: chrome.runtime.Port | undefined
  let extensionId = ''
  const listener = (event: MessageEvent): void => {
    if (event.source !== window || typeof event.data?.relayFloor !== 'string') return
    extensionId = event.data.relayFloor
    content = event.ports[0]
    if (content) content.onmessage = (message) => settle(message.data as RelayAnswer)
    window.removeEventListener('message', listener)
  }
  window.addEventListener('message', listener)
  Object.assign(window, {
    relayFloor(way: RelayWay, url: string, body: string): Promise<unknown> {
      const request: RelayRequest = { id: nextId++, way, url, body }
      return new Promise<RelayAnswer>((resolve, reject) => {
        waiting.set(request.id, { resolve, pieces: [] })
        if (way === 'whole' || way === 'pieces') {
          if (!content) reject(new Error('the relay floor extension is not in this page'))
          content?.postMessage(request)
          return
        }
        if (!external) {
          external = chrome.runtime.connect(extensionId)
          external.onMessage.addListener((answer: RelayAnswer) => settle(answer))
        }
        external.postMessage(request)
      }).then((answer) => {
        if (answer.error !== undefined) throw new Error(answer.error)
        return JSON.parse(answer.text ?? '')
      })
    },
  })
}

declare global {
  interface Window {
    relayFloor?(way: RelayWay, url: string, body: string): Promise<unknown>
  }
}

// tsx (esbuild) may wrap functions in its `__name` helper: defined here, as it is not in the extension.
const script = (main: () => void): string =>
  `const __name = (target) => target;\n(${main.toString()})()\n`

/**
 * Writes the relay-floor extension into a temporary directory, its content scripts only on the
 * pages matching `pageMatch` (a match pattern: the benchmark's page). Load it beside the wallet
 * (`launchWallet`'s `alsoLoad`); `remove()` deletes it.
 */
export async function writeRelayFloorExtension(
  pageMatch: string,
): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'relay-floor-'))
  const manifest = {
    manifest_version: 3,
    name: 'Relay floor (benchmark)',
    version: '1.0.0',
    background: { service_worker: 'worker.js' },
    // As the wallet's manifest: runtime messages are structured-cloned, not JSON-encoded.
    message_serialization: 'structured_clone',
    externally_connectable: { matches: [pageMatch] },
    content_scripts: [
      { matches: [pageMatch], js: ['page.js'], run_at: 'document_start', world: 'MAIN' },
      { matches: [pageMatch], js: ['content.js'], run_at: 'document_start' },
    ],
  }
  await writeFile(join(path, 'manifest.json'), JSON.stringify(manifest, null, 2))
  await writeFile(join(path, 'worker.js'), script(relayWorker))
  await writeFile(join(path, 'content.js'), script(relayContent))
  await writeFile(join(path, 'page.js'), script(relayPage))
  return { path, remove: () => rm(path, { recursive: true, force: true }) }
}
