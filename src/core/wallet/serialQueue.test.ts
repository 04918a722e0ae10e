import { describe, expect, it } from 'vitest'
import { createKeyedSerialQueue, createSerialQueue } from './serialQueue.ts'

/** A promise and the function that resolves it, for steps the test lets finish one by one. */
function gate(): { opened: Promise<void>; open(): void } {
  let open = (): void => undefined
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createSerialQueue', () => {
  it('starts a step only once the earlier one has finished, in the order given', async () => {
    const serially = createSerialQueue()
    const events: string[] = []
    const first = gate()
    const done = [
      serially(async () => {
        events.push('first starts')
        await first.opened
        events.push('first ends')
      }),
      serially(async () => {
        events.push('second runs')
      }),
    ]
    await settle()
    expect(events).toEqual(['first starts'])
    first.open()
    await Promise.all(done)
    expect(events).toEqual(['first starts', 'first ends', 'second runs'])
  })

  it("answers each caller with its own step's result", async () => {
    const serially = createSerialQueue()
    const answers = await Promise.all([serially(async () => 1), serially(async () => 'two')])
    expect(answers).toEqual([1, 'two'])
  })

  it('fails only the caller of a step that throws; the next step still runs', async () => {
    const serially = createSerialQueue()
    const failed = serially(async () => {
      throw new Error('-32002 full')
    })
    const next = serially(async () => 'ran')
    await expect(failed).rejects.toThrow('-32002 full')
    await expect(next).resolves.toBe('ran')
  })
})

describe('createKeyedSerialQueue', () => {
  it('runs the steps of one key one after the other, and another key’s beside them', async () => {
    const serially = createKeyedSerialQueue<string>()
    const events: string[] = []
    const held = gate()
    const done = [
      serially('https://app.example', async () => {
        await held.opened
        events.push('app.example first')
      }),
      serially('https://app.example', async () => {
        events.push('app.example second')
      }),
      serially('https://other.example', async () => {
        events.push('other.example')
      }),
    ]
    await settle()
    expect(events).toEqual(['other.example'])
    held.open()
    await Promise.all(done)
    expect(events).toEqual(['other.example', 'app.example first', 'app.example second'])
  })

  it('goes on with a key after one of its steps threw', async () => {
    const serially = createKeyedSerialQueue<string>()
    const failed = serially('https://app.example', async () => {
      throw new Error('boom')
    })
    await expect(failed).rejects.toThrow('boom')
    await expect(serially('https://app.example', async () => 'ran')).resolves.toBe('ran')
  })
})
