import { describe, expect, it } from 'vitest'
import { packagedJson } from './packagedJson.ts'

/** A `fetch` answering each call with the next of `answers`, recording the URLs asked. */
function fetchAnswering(...answers: Array<() => Response>) {
  const asked: string[] = []
  const fetchFile = (async (url: string) => {
    asked.push(url)
    const answer = answers.shift()
    if (!answer) throw new Error('asked once too often')
    return answer()
  }) as typeof fetch
  return { asked, fetchFile }
}

describe('packagedJson', () => {
  it('reads the file at the first call, not before, and keeps it', async () => {
    const { asked, fetchFile } = fetchAnswering(() => Response.json({ version: 2 }))
    const list = packagedJson<{ version: number }>('/assets/list.json', fetchFile)
    expect(asked).toEqual([])
    expect(await list()).toEqual({ version: 2 })
    expect(await list()).toBe(await list())
    expect(asked).toEqual(['/assets/list.json'])
  })

  it('tries again at the next call after a failed read', async () => {
    const { asked, fetchFile } = fetchAnswering(
      () => new Response('gone', { status: 404 }),
      () => Response.json([1]),
    )
    const list = packagedJson<number[]>('/assets/list.json', fetchFile)
    await expect(list()).rejects.toThrow('/assets/list.json: HTTP 404')
    expect(await list()).toEqual([1])
    expect(asked).toHaveLength(2)
  })
})
