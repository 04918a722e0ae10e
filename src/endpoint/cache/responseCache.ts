/**
 * Answers that can no longer change (issue 12: at or below the finalized head), as the JSON text of
 * their result, behind one interface: in this process's memory (`createMemoryResponseCache`) or in
 * Redis (`createRedisResponseCache`), shared by every process.
 */
export type ResponseCache = {
  get(key: string): Promise<string | undefined>
  set(key: string, resultText: string): Promise<void>
  /** Forgets everything (a reorg below the finalized head). */
  clear(): Promise<void>
}

export type CreateMemoryResponseCacheParameters = {
  /** Keys and texts together never take more than this many bytes (UTF-16: 2 per character). */
  maxBytes: number
}

/** An LRU bounded by bytes: the least recently used answers go first. */
export function createMemoryResponseCache(
  parameters: CreateMemoryResponseCacheParameters,
): ResponseCache & { bytes(): number } {
  const entries = new Map<string, string>()
  let bytes = 0
  const sizeOf = (key: string, text: string) => 2 * (key.length + text.length)
  return {
    async get(key) {
      const text = entries.get(key)
      if (text === undefined) return undefined
      entries.delete(key)
      entries.set(key, text)
      return text
    },
    async set(key, text) {
      const size = sizeOf(key, text)
      if (size > parameters.maxBytes) return
      const previous = entries.get(key)
      if (previous !== undefined) {
        entries.delete(key)
        bytes -= sizeOf(key, previous)
      }
      entries.set(key, text)
      bytes += size
      for (const [oldest, oldText] of entries) {
        if (bytes <= parameters.maxBytes) break
        entries.delete(oldest)
        bytes -= sizeOf(oldest, oldText)
      }
    },
    async clear() {
      entries.clear()
      bytes = 0
    },
    bytes: () => bytes,
  }
}
