import type { IncomingMessage } from 'node:http'

/** What reading a request body came to: its bytes, too many bytes, or a client gone mid-body. */
export type ReadBody = { body: Buffer } | { refused: 'too-large' } | { refused: 'gone' }

/**
 * Reads a request body as bytes, whatever its content type, up to `limitBytes`: a declared
 * `content-length` over it is refused before a byte is read, a body (chunked or not) that grows
 * over it as soon as it does — the rest is never buffered. `done` is called once. Node's parser
 * already holds a body to its `content-length`, so a shorter one is a client gone (`gone`).
 */
export function readRequestBody(
  request: IncomingMessage,
  limitBytes: number,
  done: (read: ReadBody) => void,
): void {
  if (Number(request.headers['content-length']) > limitBytes) {
    done({ refused: 'too-large' })
    return
  }
  let received = 0
  let chunks: Buffer[] = []
  // Once settled, what else the request brings is dropped (a body over the limit: the connection
  // closes after the 413, `lingeringClose.ts`). The listeners are inline and never removed: no
  // closure is named per request.
  let settled = false
  request.on('data', (chunk: Buffer) => {
    if (settled) return
    received += chunk.length
    if (received > limitBytes) {
      settled = true
      chunks = []
      done({ refused: 'too-large' })
      return
    }
    chunks.push(chunk)
  })
  request.on('end', () => {
    if (settled) return
    settled = true
    done({ body: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received) })
  })
  // The client went away mid-body (Node destroys the request with `aborted`): nobody to answer.
  request.on('error', () => {
    if (settled) return
    settled = true
    done({ refused: 'gone' })
  })
}
