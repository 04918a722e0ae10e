import type { UpstreamAnswer } from './createUpstreamClient.ts'

/**
 * A small result handed to several callers as the text of its JSON, made once: each caller's
 * response is that text after its own id, one string written at once.
 */
export type SharedResultText = { resultText: string }

/** What the callers of a read get: the node's answer, or a shared result's text. */
export type SharedAnswer = UpstreamAnswer | SharedResultText

/**
 * Answers `method` with the params whose JSON text is `paramsText` by `ask`ing the node with that
 * text, or, when the same read is already on its way there, with that read's answer.
 */
export type SharedReads = (
  method: string,
  paramsText: string,
  ask: (paramsText: string) => Promise<UpstreamAnswer>,
) => Promise<SharedAnswer>

export type CreateSharedReadsParameters = {
  /**
   * The methods whose answer depends on nothing but the method, its params and the node's state:
   * never who asks (a key's filter) nor how often (a broadcast, an airdrop). The network's
   * `sharedReads`.
   */
  methods: ReadonlySet<string>
  /** Told of each call answered by a read that another call had already sent. */
  onShared(method: string): void
}

/** A read on its way to the node, and how many calls joined it after the first. */
type Flight = { answer: Promise<SharedAnswer>; joined: number }

/**
 * The longest shared result handed on as one string. Each caller's response is then one string,
 * written with its head in one call (a response of pieces costs node:http a write per piece);
 * a longer one would be copied into each caller's string, so it goes as bytes held once.
 */
export const maxSharedTextLength = 4 * 1024

/**
 * A result handed to several callers as its JSON text, made once: each caller's response puts
 * the same text (a small one) or the same bytes (a large one) after its own id, instead of
 * serializing the result again.
 */
function serializedOnce(answer: UpstreamAnswer): SharedAnswer {
  if (!('result' in answer)) return answer
  const text = JSON.stringify(answer.result)
  return text.length <= maxSharedTextLength
    ? { resultText: text }
    : { rawResult: [Buffer.from(text)] }
}

/**
 * Identical reads in flight are served once (docs/endpoint.md, "Shared reads"): a call of one of
 * `methods` with the same params as a call still waiting for the node gets that call's answer
 * (or its failure) instead of a second upstream read. Only while it is in flight: once the answer
 * is in, nothing of it is kept, and the next such call asks the node again. Per process.
 *
 * The key is the method and the params' text as it will be sent (`paramsTextOf`): two calls share
 * only when the node would have been asked exactly the same thing. Callers are not told apart
 * here: their keys' limits were counted before (admission), and each response carries its own id.
 *
 * @example
 * const shared = createSharedReads({ methods: new Set(['eth_getBalance']), onShared: count })
 * shared('eth_getBalance', paramsTextOf(params), (text) => forward('eth_getBalance', text))
 */
export function createSharedReads(parameters: CreateSharedReadsParameters): SharedReads {
  const { methods, onShared } = parameters
  const flights = new Map<string, Flight>()
  /**
   * Whether the last flight to land had calls join it. While reads are being shared, a new flight
   * asks the node at the end of the turn rather than at once: it stays in flight a little longer,
   * so more of the identical calls coming now join it instead of starting the next one (the same
   * `eth_getBalance` by 32 clients on anvil: asking at once cost 8–13 % of the calls/s). A read
   * nobody joins asks at once: one call at a time waits for nothing.
   */
  let sharing = false
  const askAtTurnEnd = (
    paramsText: string,
    ask: (paramsText: string) => Promise<UpstreamAnswer>,
  ): Promise<UpstreamAnswer> =>
    new Promise((resolve, reject) => {
      setImmediate(() => {
        try {
          resolve(ask(paramsText))
        } catch (error) {
          reject(error)
        }
      })
    })

  return (method, paramsText, ask) => {
    if (!methods.has(method)) return ask(paramsText)
    const key = `${method} ${paramsText}`
    const current = flights.get(key)
    if (current) {
      current.joined++
      onShared(method)
      return current.answer
    }
    // A failure `ask` throws at once lands like any other, after `flights.set`: the calls made
    // meanwhile share it.
    let asked: Promise<UpstreamAnswer>
    try {
      asked = sharing ? askAtTurnEnd(paramsText, ask) : ask(paramsText)
    } catch (error) {
      asked = Promise.reject(error)
    }
    // The flight lands in the callbacks themselves, not in a helper made per call: a function
    // made and named per call costs the hot path (tsx names each one, `__name`).
    const flight: Flight = {
      joined: 0,
      answer: asked.then(
        (answer) => {
          if (flights.get(key) === flight) flights.delete(key)
          sharing = flight.joined > 0
          return sharing ? serializedOnce(answer) : answer
        },
        (error: unknown) => {
          if (flights.get(key) === flight) flights.delete(key)
          sharing = flight.joined > 0
          throw error
        },
      ),
    }
    flights.set(key, flight)
    return flight.answer
  }
}
