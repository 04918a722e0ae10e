import { describe, expect, it } from 'vitest'
import { createTurnWriter } from './createTurnWriter.ts'

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('createTurnWriter', () => {
  it('writes the first answer of a turn at once, the later ones together at its end, in order', async () => {
    const writeTogether = createTurnWriter()
    const written: string[] = []
    const fail = () => written.push('error')
    writeTogether(() => written.push('a'), fail)
    expect(written).toEqual(['a'])
    writeTogether(() => written.push('b'), fail)
    writeTogether(() => written.push('c'), fail)
    expect(written).toEqual(['a'])
    await nextTurn()
    expect(written).toEqual(['a', 'b', 'c'])
  })

  it('writes at once again in the next turn (a lone call never waits)', async () => {
    const writeTogether = createTurnWriter()
    const written: string[] = []
    writeTogether(
      () => written.push('a'),
      () => {},
    )
    await nextTurn()
    writeTogether(
      () => written.push('b'),
      () => {},
    )
    expect(written).toEqual(['a', 'b'])
  })

  it('tells a write that threw to its onError, and still makes the writes after it', async () => {
    const writeTogether = createTurnWriter()
    const written: string[] = []
    const errors: unknown[] = []
    writeTogether(
      () => written.push('a'),
      (error) => errors.push(error),
    )
    writeTogether(
      () => {
        throw new Error('socket gone')
      },
      (error) => errors.push(error),
    )
    writeTogether(
      () => written.push('c'),
      (error) => errors.push(error),
    )
    await nextTurn()
    expect(written).toEqual(['a', 'c'])
    expect(errors).toEqual([new Error('socket gone')])
  })
})
