/** Runs `step` once every earlier step given to the queue has settled; resolves as `step` does. */
export type SerialQueue = <T>(step: () => Promise<T>) => Promise<T>

/** Runs `step` once every earlier step given under `key` has settled; other keys do not wait. */
export type KeyedSerialQueue<Key> = <T>(key: Key, step: () => Promise<T>) => Promise<T>

/**
 * Steps that run one after the other, in the order given, one lane per key: a read-change-write on
 * a record never interleaves with another on the same record. A step that throws fails only its
 * caller; the next step runs all the same. A key whose last step settled is forgotten, so the
 * lanes held are those with steps waiting, not every key ever seen.
 *
 * @example
 * const serially = createKeyedSerialQueue<string>()
 * await serially(origin, async () => store.write(origin, change(await store.read(origin))))
 */
export function createKeyedSerialQueue<Key>(): KeyedSerialQueue<Key> {
  const tails = new Map<Key, Promise<void>>()
  return <T>(key: Key, step: () => Promise<T>): Promise<T> => {
    const current = (tails.get(key) ?? Promise.resolve()).then(step, step)
    const tail = current.then(
      () => undefined,
      () => undefined,
    )
    tails.set(key, tail)
    tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key)
    })
    return current
  }
}

/**
 * Steps that run one after the other, in the order given (`createKeyedSerialQueue` with one lane):
 * for a check and a write that must not interleave with any other's, such as counting what waits
 * before adding one more.
 *
 * @example
 * const serially = createSerialQueue()
 * await serially(async () => {
 *   if ((await store.list()).length >= cap) throw full()
 *   await store.write(record)
 * })
 */
export function createSerialQueue(): SerialQueue {
  const serially = createKeyedSerialQueue<undefined>()
  return (step) => serially(undefined, step)
}
