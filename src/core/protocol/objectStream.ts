import type { WindowPostMessageStream } from '@metamask/post-message-stream'

/**
 * The object-mode duplex side of a `WindowPostMessageStream` (a readable-stream 3 `Duplex`, whose
 * types the package does not ship).
 */
export type ObjectStream = {
  write(message: unknown): boolean
  on(event: 'data', handler: (message: unknown) => void): void
}

export const asObjectStream = (stream: WindowPostMessageStream): ObjectStream =>
  stream as unknown as ObjectStream
