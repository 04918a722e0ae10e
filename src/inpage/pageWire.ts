import { fromPageMessage, type PageApi, toPageMessage } from '../core/protocol/connection.ts'
import type { PageStream } from './pageStream.ts'

/** One page API's end of the page stream: what a provider sends and receives (JSON-RPC messages). */
export type PageChannel = {
  send(message: unknown): void
  onMessage(handler: (message: unknown) => void): void
}

/**
 * The page stream shared by every provider of the page (`window.aperture`, the EIP-1193 provider,
 * …): each gets the channel of its API (`core/protocol/connection.ts`), whose messages are tagged
 * with the API on the way out and delivered to it alone on the way in.
 */
export function createPageWire(stream: PageStream): { channel(api: PageApi): PageChannel } {
  const handlers = new Map<PageApi, (message: unknown) => void>()
  stream.onData((message) => {
    const { api, data } = fromPageMessage(message)
    handlers.get(api)?.(data)
  })
  return {
    channel: (api) => ({
      send: (message) => stream.write(toPageMessage(api, message)),
      onMessage: (handler) => {
        handlers.set(api, handler)
      },
    }),
  }
}
