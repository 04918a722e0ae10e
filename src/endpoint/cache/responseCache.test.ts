import { describe, expect, it } from 'vitest'
import { createMemoryResponseCache } from './responseCache.ts'

describe('the in-memory response cache', () => {
  it('never holds more bytes than its bound, dropping the least recently used first', async () => {
    const cache = createMemoryResponseCache({ maxBytes: 100 })
    await cache.set('a', 'x'.repeat(20))
    await cache.set('b', 'y'.repeat(20))
    expect(await cache.get('a')).toBe('x'.repeat(20))
    await cache.set('c', 'z'.repeat(20))
    expect(cache.bytes()).toBeLessThanOrEqual(100)
    expect(await cache.get('b')).toBeUndefined()
    expect(await cache.get('a')).toBe('x'.repeat(20))
    expect(await cache.get('c')).toBe('z'.repeat(20))
  })

  it('keeps nothing larger than its bound', async () => {
    const cache = createMemoryResponseCache({ maxBytes: 10 })
    await cache.set('key', 'a long answer')
    expect(await cache.get('key')).toBeUndefined()
    expect(cache.bytes()).toBe(0)
  })
})
