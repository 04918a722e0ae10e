/** Hands a socket write to the writer; `onError` hears a write that threw (the others still run). */
export type TurnWriter = (write: () => void, onError: (error: unknown) => void) => void

/**
 * Writes the answers of one turn of the event loop together: the first at once (a lone call waits
 * for nothing), those made later in the same turn at its end (`setImmediate`), in order.
 *
 * Why: a write on loopback runs the reader's side and wakes it, in the writer's time. Answers
 * written as each is made interleave with the turn's reads (read A, write A, read B, write B…), and
 * a client woken by A goes back to sleep before B comes; written in one burst, the client wakes
 * once and finds them all. Measured on cached `getBlock` at concurrency 32 (docs/performance.md
 * "The cache hit's front"): endpoint CPU per answer 0.041 → 0.025 ms, its client's 0.026 → 0.016 ms;
 * one call at a time unchanged.
 */
export function createTurnWriter(): TurnWriter {
  let queued: Array<{ write: () => void; onError: (error: unknown) => void }> = []
  let turnOpen = false
  const endTurn = () => {
    turnOpen = false
    const writes = queued
    queued = []
    for (const { write, onError } of writes) {
      try {
        write()
      } catch (error) {
        onError(error)
      }
    }
  }
  return (write, onError) => {
    if (turnOpen) {
      queued.push({ write, onError })
      return
    }
    turnOpen = true
    setImmediate(endTurn)
    try {
      write()
    } catch (error) {
      onError(error)
    }
  }
}
