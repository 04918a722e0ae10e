import { describe, expect, it } from 'vitest'
import { createMemoryResponseCache } from './responseCache.ts'

describe('the in-memory response cache', () => {
  it('never holds more bytes than its bound, dropping the least recently used first', async () => {
    const cache = createMemoryResponseCache({ maxBytes: 100 })
    // 2 bytes of key and 40 of result each: two fit, a third does not.
    await cache.set('a', Buffer.from('x'.repeat(40)))
    await cache.set('b', Buffer.from('y'.repeat(40)))
    expect(await cache.get('a')).toEqual(Buffer.from('x'.repeat(40)))
    await cache.set('c', Buffer.from('z'.repeat(40)))
    expect(cache.bytes()).toBeLessThanOrEqual(100)
    expect(await cache.get('b')).toBeUndefined()
    expect(await cache.get('a')).toEqual(Buffer.from('x'.repeat(40)))
    expect(await cache.get('c')).toEqual(Buffer.from('z'.repeat(40)))
  })

  it('keeps nothing larger than its bound', async () => {
    const cache = createMemoryResponseCache({ maxBytes: 10 })
    await cache.set('key', Buffer.from('a long answer'))
    expect(await cache.get('key')).toBeUndefined()
    expect(cache.bytes()).toBe(0)
  })
})
