/**
 * Answers that can no longer change (issue 12: at or below the finalized head), as the bytes of
 * their result's JSON text, behind one interface: in this process's memory
 * (`createMemoryResponseCache`) or in Redis (`createRedisResponseCache`), shared by every process.
 * Bytes, not a string: a hit is spliced into its response as it is, never encoded again (a busy
 * block's answer is ~100 KB).
 */
export type ResponseCache = {
  /** The bytes kept under `key`; the caller never changes them. */
  get(key: string): Promise<Buffer | undefined>
  set(key: string, result: Buffer): Promise<void>
  /** Forgets everything (a reorg below the finalized head). */
  clear(): Promise<void>
}

export type CreateMemoryResponseCacheParameters = {
  /** Keys (UTF-16: 2 bytes per character) and results together never take more than this many bytes. */
  maxBytes: number
}

/** An LRU bounded by bytes: the least recently used answers go first. */
export function createMemoryResponseCache(
  parameters: CreateMemoryResponseCacheParameters,
): ResponseCache & { bytes(): number } {
  const entries = new Map<string, Buffer>()
  let bytes = 0
  const sizeOf = (key: string, result: Buffer) => 2 * key.length + result.length
  return {
    async get(key) {
      const result = entries.get(key)
      if (result === undefined) return undefined
      entries.delete(key)
      entries.set(key, result)
      return result
    },
    async set(key, result) {
      const size = sizeOf(key, result)
      if (size > parameters.maxBytes) return
      const previous = entries.get(key)
      if (previous !== undefined) {
        entries.delete(key)
        bytes -= sizeOf(key, previous)
      }
      entries.set(key, result)
      bytes += size
      for (const [oldest, oldResult] of entries) {
        if (bytes <= parameters.maxBytes) break
        entries.delete(oldest)
        bytes -= sizeOf(oldest, oldResult)
      }
    },
    async clear() {
      entries.clear()
      bytes = 0
    },
    bytes: () => bytes,
  }
}
