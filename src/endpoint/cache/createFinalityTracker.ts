export type FinalityTracker = {
  /**
   * The finalized head as last seen (never above the node's: finality only moves up), refreshed in
   * the background when older than the refresh interval; undefined until first seen.
   */
  finalized(): bigint | undefined
}

/** A finalized head: its number (slot), and its hash where the network has one to compare. */
export type FinalizedHead = { number: bigint; hash?: string }

/**
 * Reads the node's finalized head, given the one known before; `reorged` when the known one is no
 * longer on the node's chain (a reorg below finality, which a node should never make; anvil can).
 */
export type ReadFinalized = (
  known: FinalizedHead | undefined,
) => Promise<{ finalized: FinalizedHead | undefined; reorged: boolean }>

export type CreateFinalityTrackerParameters = {
  read: ReadFinalized
  refreshMs: number
  onDeepReorg(): void
  onError(error: unknown): void
}

/**
 * Follows the node's finalized head for the response cache, read (by the network's `read`) at most
 * once per refresh interval, in the background: a caller never waits for it.
 */
export function createFinalityTracker(
  parameters: CreateFinalityTrackerParameters,
): FinalityTracker {
  let known: FinalizedHead | undefined
  let checkedAt = Number.NEGATIVE_INFINITY
  let refreshing: Promise<void> | undefined

  const refresh = async () => {
    const { finalized, reorged } = await parameters.read(known)
    if (reorged) parameters.onDeepReorg()
    known = finalized
  }
  return {
    finalized() {
      const now = Date.now()
      if (!refreshing && now - checkedAt >= parameters.refreshMs) {
        checkedAt = now
        refreshing = refresh()
          .catch(parameters.onError)
          .finally(() => {
            refreshing = undefined
          })
      }
      return known?.number
    },
  }
}
