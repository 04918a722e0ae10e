import {
  defaultPageApi,
  fromPageMessage,
  type PageApi,
  toPageMessage,
} from '../core/protocol/connection.ts'
import type { PagePortMessage } from '../core/protocol/pagePort.ts'
import { createApiResultAssemblers } from '../core/protocol/resultParts.ts'
import type { PageStream } from './pageStream.ts'

/** One page API's end of the page stream: what a provider sends and receives (JSON-RPC messages). */
export type PageChannel = {
  send(message: unknown): void
  onMessage(handler: (message: unknown) => void): void
}

/** The page's end of the page port (`core/protocol/pagePort.ts`), as the wire reads it. */
export type PagePortEnd = { onMessage(handler: (message: PagePortMessage) => void): void }

/** The page's wire to the content script: a channel per page API, over the stream and the port. */
export type PageWire = {
  channel(api: PageApi): PageChannel
  /** Takes the page port: results in pieces come on it, and their responses after them. */
  receiveResults(port: PagePortEnd): void
}

/**
 * The page stream shared by every provider of the page (`window.aperture`, the EIP-1193 provider,
 * …): each gets the channel of its API (`core/protocol/connection.ts`), whose messages are tagged
 * with the API on the way out and delivered to it alone on the way in. A long result comes on the
 * page port instead, in pieces as the node answers: they are joined here, once the response after
 * them arrives, and the channel gets that response whole.
 */
export function createPageWire(stream: PageStream): PageWire {
  const handlers = new Map<PageApi, (message: unknown) => void>()
  const deliver = (api: PageApi, message: unknown): void => handlers.get(api)?.(message)
  stream.onData((message) => {
    const { api, data } = fromPageMessage(message)
    deliver(api, data)
  })
  return {
    channel: (api) => ({
      send: (message) => stream.write(toPageMessage(api, message)),
      onMessage: (handler) => {
        handlers.set(api, handler)
      },
    }),
    receiveResults(port) {
      const resultsOf = createApiResultAssemblers()
      port.onMessage((message) => {
        const api = message.api ?? defaultPageApi
        const assembler = resultsOf(api)
        if (message.type === 'resultPart') assembler.add(message.id, message.text)
        else if (message.type === 'resultDropped') assembler.drop(message.id)
        else deliver(api, assembler.complete(message.response))
      })
    },
  }
}
