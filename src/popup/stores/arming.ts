/**
 * How long a newly shown request's Approve stays disabled. A double-click's second click comes at
 * most 500 ms after the first (the longest default double-click time, Windows'; macOS and GNOME are
 * quicker), and the next request is shown only after the first click was answered: counted from
 * then, 500 ms absorbs the second click of any double-click, and a deliberate click on a request
 * the user has just seen is barely delayed.
 */
export const armDelayMs = 500

export type Arming = {
  /** Disarms now and arms again `armDelayMs` later, unless shown again meanwhile. */
  rearm(): void
}

/**
 * The timer behind "a newly shown request's Approve is briefly disabled" (DESIGN §6), for the
 * confirmation and the approval windows: `setArmed(false)` at each `rearm()`, `setArmed(true)` once
 * the last request shown has been on screen for `armDelayMs`.
 */
export function createArming(setArmed: (armed: boolean) => void): Arming {
  let generation = 0
  return {
    rearm() {
      const shown = ++generation
      setArmed(false)
      setTimeout(() => {
        if (shown === generation) setArmed(true)
      }, armDelayMs)
    },
  }
}
