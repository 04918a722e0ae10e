import { nodeQueueFull, type RpcError } from '../rpc/errors.ts'

/**
 * How many node calls of one origin run at once; the rest wait in order (DESIGN §6). Below the
 * browser's 6 connections per host, so that one origin's calls never take every connection to a
 * node and another origin's call always finds one free (with 6, measured: it waited for the first).
 */
export const defaultInFlightPerOrigin = 4
/** How many node calls of one origin may wait; beyond, a call is refused with `-32005`. */
export const defaultMaxWaitingPerOrigin = 10_000

export type CreateOriginQueueParameters = {
  /** Default `defaultInFlightPerOrigin`. */
  inFlight?: number
  /** Default `defaultMaxWaitingPerOrigin`. */
  maxWaiting?: number
}

/** One origin's line: how many of its calls run, and who waits to start (oldest at `head`). */
type Line = { running: number; waiting: Array<(() => void) | undefined>; head: number }

/**
 * Node calls queued per origin (DESIGN §6, "Nothing is lost at the edges"): each origin has a few
 * calls in flight and the rest waiting in arrival order, in a line of its own, so a page's burst is
 * served at the pace of the node and another origin's call starts at once (its line is empty). A
 * waiting call costs one closure and one array slot; only beyond `maxWaiting` waiting calls is
 * `run` refused (`nodeQueueFull`, thrown before `work` is started).
 *
 * @example
 * const queue = createOriginQueue()
 * const answer = await queue.run('https://app.example', () => nodes.request(chainId, method, params))
 */
export function createOriginQueue({
  inFlight = defaultInFlightPerOrigin,
  maxWaiting = defaultMaxWaitingPerOrigin,
}: CreateOriginQueueParameters = {}) {
  const lines = new Map<string, Line>()

  const waitingIn = (line: Line): number => line.waiting.length - line.head

  /** Starts the next waiting call of `origin`, or forgets the line once nothing runs or waits. */
  const next = (origin: string, line: Line): void => {
    line.running -= 1
    if (waitingIn(line) > 0) {
      const start = line.waiting[line.head]
      line.waiting[line.head] = undefined
      line.head += 1
      // Drop the started slots once they are half the array: amortized O(1) per call.
      if (line.head * 2 >= line.waiting.length) {
        line.waiting = line.waiting.slice(line.head)
        line.head = 0
      }
      line.running += 1
      start?.()
      return
    }
    if (line.running === 0) lines.delete(origin)
  }

  return {
    /** Runs `work` for `origin` once one of its slots is free; refuses beyond a full line. */
    async run<T>(origin: string, work: () => Promise<T>): Promise<T> {
      let line = lines.get(origin)
      if (!line) {
        line = { running: 0, waiting: [], head: 0 }
        lines.set(origin, line)
      }
      if (line.running >= inFlight) {
        if (waitingIn(line) >= maxWaiting) throw nodeQueueFull(maxWaiting)
        const waiting = line.waiting
        await new Promise<void>((resolve) => {
          waiting.push(resolve)
        })
      } else {
        line.running += 1
      }
      const own = line
      try {
        return await work()
      } finally {
        next(origin, own)
      }
    },

    /** Whether a call of `origin` would be refused now (its line is full). */
    isFull(origin: string): boolean {
      const line = lines.get(origin)
      return line !== undefined && line.running >= inFlight && waitingIn(line) >= maxWaiting
    },

    /** The refusal `run` throws for a full line. */
    refusal: (): RpcError => nodeQueueFull(maxWaiting),

    /** Calls of `origin` running and waiting now (for tests and measurements). */
    size(origin: string): { running: number; waiting: number } {
      const line = lines.get(origin)
      return line ? { running: line.running, waiting: waitingIn(line) } : { running: 0, waiting: 0 }
    },
  }
}

export type OriginQueue = ReturnType<typeof createOriginQueue>
