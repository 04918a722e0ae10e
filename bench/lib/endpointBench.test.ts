import { describe, expect, it } from 'vitest'
import { alternatingThroughput } from './endpointBench.ts'
import type { HttpPoster } from './measure.ts'

describe('alternatingThroughput', () => {
  it('measures the posters every other round in the reverse order, so that none always follows the same one', async () => {
    const served: number[] = []
    const poster = (index: number): HttpPoster => ({
      post: async () => {
        if (served.at(-1) !== index) served.push(index)
        return Buffer.from('{}')
      },
      close: () => undefined,
    })

    await alternatingThroughput([poster(0), poster(1), poster(2)], '{}', 12, 3, {})

    expect(served).toEqual([0, 1, 2, 1, 0, 1, 2])
  })
})
