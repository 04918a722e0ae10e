import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ConfirmationView } from '../../core/wallet/confirmationViews.ts'
import { Refusal, stubBackground } from '../testing/fakeBackground.ts'
import { armDelayMs } from './arming.ts'
import { useConfirmations } from './confirmations.ts'

const confirmation = (id: string, origin: string): ConfirmationView => ({
  id,
  origin,
  chainId: 'eip155:31337',
  chainName: 'Local devnet',
  kind: 'personal_sign',
  view: {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    message: { kind: 'text', text: 'hi' },
  },
  warnings: [],
  createdAt: 1,
})

beforeEach(() => {
  vi.useFakeTimers()
  useConfirmations.setState(useConfirmations.getInitialState(), true)
})
afterEach(() => vi.useRealTimers())

/** The user, once the request shown has been on screen for a while, presses and clicks. */
async function click(approved: boolean): Promise<void> {
  await vi.advanceTimersByTimeAsync(armDelayMs)
  useConfirmations.getState().press()
  await useConfirmations.getState().answer(approved)
}

/** A worker whose queue is `items`: each answer takes its request off the queue. */
function stubQueue(...items: ConfirmationView[]) {
  const worker: { queue: ConfirmationView[]; background: ReturnType<typeof stubBackground> } = {
    queue: items,
    background: stubBackground({
      'confirmations:list': () => worker.queue,
      'confirmation:resolve': ({ id }) => {
        worker.queue = worker.queue.filter((item) => item.id !== id)
        return null
      },
    }),
  }
  return worker
}

describe('useConfirmations', () => {
  it('shows the oldest request first and moves to the next one', async () => {
    stubBackground({
      'confirmations:list': () => [
        confirmation('a', 'https://one.example'),
        confirmation('b', 'https://two.example'),
      ],
    })
    await useConfirmations.getState().load()
    expect(useConfirmations.getState().shownId).toBe('a')
    useConfirmations.getState().next()
    expect(useConfirmations.getState().shownId).toBe('b')
    useConfirmations.getState().next()
    expect(useConfirmations.getState().shownId).toBe('a')
  })

  it('sends the answer for the request shown, then shows what is left', async () => {
    const worker = stubQueue(
      confirmation('a', 'https://one.example'),
      confirmation('b', 'https://two.example'),
    )
    const { background } = worker
    await useConfirmations.getState().load()
    useConfirmations.getState().next()
    await click(false)
    expect(background.requests).toContainEqual({
      type: 'confirmation:resolve',
      params: { id: 'b', approved: false },
    })
    expect(useConfirmations.getState()).toMatchObject({
      shownId: 'a',
      lastAnswer: 'rejected',
      busy: false,
    })
  })

  it("loads nothing for its own answer's storage changes, and loads again for another request's", async () => {
    const worker = stubQueue(
      confirmation('a', 'https://one.example'),
      confirmation('b', 'https://two.example'),
    )
    const { background } = worker
    const stop = useConfirmations.getState().watch()
    await useConfirmations.getState().load()
    await click(true)
    const lists = () => background.requests.filter(({ type }) => type === 'confirmations:list')
    expect(lists()).toHaveLength(1)
    expect(useConfirmations.getState().shownId).toBe('b')
    background.storageChanged(['recentAnswer:tab-1/7', 'confirmation:a'], 'session')
    background.storageChanged(['confirmation:a'], 'session')
    await vi.advanceTimersByTimeAsync(0)
    expect(lists()).toHaveLength(1)
    worker.queue = [...worker.queue, confirmation('c', 'https://three.example')]
    background.storageChanged(['confirmation:c'], 'session')
    await vi.advanceTimersByTimeAsync(0)
    expect(lists()).toHaveLength(2)
    expect(useConfirmations.getState().items?.map(({ id }) => id)).toEqual(['b', 'c'])
    stop()
  })

  it('closes the window once the last request is answered', async () => {
    let queue = [confirmation('a', 'https://one.example')]
    const background = stubBackground({
      'confirmations:list': () => queue,
      'confirmation:resolve': () => {
        queue = []
        return null
      },
      'confirmations:close': () => true,
    })
    await useConfirmations.getState().load()
    await click(true)
    expect(useConfirmations.getState().items).toEqual([])
    await vi.advanceTimersByTimeAsync(400)
    expect(background.requests).toContainEqual({ type: 'confirmations:close' })
    expect(background.close).toHaveBeenCalledOnce()
  })

  it('asks the worker nothing more after its answer while the page is being answered: the last answer closes the window with its consent', async () => {
    const worker = stubQueue(confirmation('a', 'https://one.example'))
    await useConfirmations.getState().load()
    const asked = worker.background.requests.length
    await click(true)
    expect(worker.background.requests.slice(asked).map(({ type }) => type)).toEqual([
      'confirmation:resolve',
    ])
    expect(useConfirmations.getState()).toMatchObject({ items: [], closing: true })
  })

  it('does not show again a request it answered when a list asked for before the answer comes after it', async () => {
    let listed: (items: ConfirmationView[]) => void = () => undefined
    stubBackground({
      'confirmations:list': () => new Promise((resolve) => (listed = resolve)),
      'confirmation:resolve': () => null,
    })
    useConfirmations.getState().take([confirmation('a', 'https://one.example')])
    const stale = useConfirmations.getState().load()
    await click(true)
    listed([confirmation('a', 'https://one.example'), confirmation('b', 'https://two.example')])
    await stale
    expect(useConfirmations.getState().items?.map(({ id }) => id)).toEqual(['b'])
    expect(useConfirmations.getState().shownId).toBe('b')
  })

  it('shows again a request it answered that the worker still has waiting when asked to close (stopped before the answer was written)', async () => {
    const queue = [confirmation('a', 'https://one.example')]
    const background = stubBackground({
      'confirmations:list': () => queue,
      // The worker stopped before the answer's write: the new worker has the request waiting.
      'confirmation:resolve': () => null,
      'confirmations:close': () => false,
    })
    await useConfirmations.getState().load()
    await click(true)
    await vi.advanceTimersByTimeAsync(400)
    expect(background.close).not.toHaveBeenCalled()
    expect(useConfirmations.getState()).toMatchObject({ shownId: 'a', closing: false })
  })

  it('stays open and shows the request that came while it was about to close', async () => {
    let queue = [confirmation('a', 'https://one.example')]
    const background = stubBackground({
      'confirmations:list': () => queue,
      'confirmation:resolve': () => {
        queue = []
        return null
      },
      'confirmations:close': () => queue.length === 0,
    })
    await useConfirmations.getState().load()
    await click(true)
    // The dapp asks again at once: the worker has it before the window asks to close.
    queue = [confirmation('b', 'https://one.example')]
    await vi.advanceTimersByTimeAsync(400)
    expect(background.close).not.toHaveBeenCalled()
    expect(useConfirmations.getState()).toMatchObject({ shownId: 'b', closing: false })
    await vi.advanceTimersByTimeAsync(2_000)
    expect(background.close).not.toHaveBeenCalled()
  })

  it('asks to close once, however often the empty queue is loaded meanwhile', async () => {
    let queue = [confirmation('a', 'https://one.example')]
    const background = stubBackground({
      'confirmations:list': () => queue,
      'confirmation:resolve': () => {
        queue = []
        return null
      },
      'confirmations:close': () => true,
    })
    await useConfirmations.getState().load()
    await click(true)
    await useConfirmations.getState().load()
    await useConfirmations.getState().load()
    await vi.advanceTimersByTimeAsync(400)
    expect(background.requests.filter(({ type }) => type === 'confirmations:close')).toHaveLength(1)
    expect(background.close).toHaveBeenCalledOnce()
  })

  it('keeps the request shown and says why when the background refuses the answer', async () => {
    stubBackground({
      'confirmations:list': () => [confirmation('a', 'https://one.example')],
      'confirmation:resolve': () => {
        throw new Refusal({ message: 'Unlock the wallet first' })
      },
    })
    await useConfirmations.getState().load()
    await click(true)
    expect(useConfirmations.getState()).toMatchObject({
      shownId: 'a',
      busy: false,
      error: 'Unlock the wallet first',
    })
  })

  it('disarms the buttons for a moment whenever the request shown changes', async () => {
    const background = stubBackground({
      'confirmations:list': () => [
        confirmation('a', 'https://one.example'),
        confirmation('b', 'https://two.example'),
      ],
      'confirmation:resolve': () => null,
    })
    await useConfirmations.getState().load()
    expect(useConfirmations.getState().armed).toBe(false)
    await vi.advanceTimersByTimeAsync(armDelayMs - 1)
    useConfirmations.getState().press()
    await useConfirmations.getState().answer(true)
    expect(background.requests.map(({ type }) => type)).not.toContain('confirmation:resolve')
    await vi.advanceTimersByTimeAsync(1)
    expect(useConfirmations.getState().armed).toBe(true)
    useConfirmations.getState().next()
    expect(useConfirmations.getState().armed).toBe(false)
    // Back to the first one quickly: the timer of its first showing does not arm it early.
    await vi.advanceTimersByTimeAsync(armDelayMs / 2)
    useConfirmations.getState().next()
    await vi.advanceTimersByTimeAsync(armDelayMs / 2)
    expect(useConfirmations.getState()).toMatchObject({ shownId: 'a', armed: false })
    await vi.advanceTimersByTimeAsync(armDelayMs / 2)
    expect(useConfirmations.getState().armed).toBe(true)
  })

  it("a double-click on Approve answers the request shown, not the next site's", async () => {
    const worker = stubQueue(
      confirmation('a', 'https://one.example'),
      confirmation('b', 'https://two.example'),
    )
    const { background } = worker
    await useConfirmations.getState().load()
    await click(true)
    expect(useConfirmations.getState()).toMatchObject({ shownId: 'b', armed: false })
    // The second click of the double-click, as soon as the next request is shown.
    useConfirmations.getState().press()
    await useConfirmations.getState().answer(true)
    const answers = background.requests.filter(({ type }) => type === 'confirmation:resolve')
    expect(answers).toEqual([{ type: 'confirmation:resolve', params: { id: 'a', approved: true } }])
    expect(worker.queue.map(({ id }) => id)).toEqual(['b'])
  })

  it('a click answers only the request shown when the press began', async () => {
    let queue = [confirmation('a', 'https://one.example'), confirmation('b', 'https://two.example')]
    const background = stubBackground({
      'confirmations:list': () => queue,
      'confirmation:resolve': () => null,
    })
    await useConfirmations.getState().load()
    await vi.advanceTimersByTimeAsync(armDelayMs)
    useConfirmations.getState().press()
    // While the button is held, the request is answered elsewhere and the next one is shown.
    queue = [confirmation('b', 'https://two.example')]
    await useConfirmations.getState().load()
    await vi.advanceTimersByTimeAsync(armDelayMs)
    await useConfirmations.getState().answer(true)
    expect(background.requests.map(({ type }) => type)).not.toContain('confirmation:resolve')
    // A click without a press of its own (a script's) answers nothing either.
    await useConfirmations.getState().answer(true)
    expect(background.requests.map(({ type }) => type)).not.toContain('confirmation:resolve')
  })

  it('calls out a request from another origin than the one shown before it', async () => {
    stubQueue(
      confirmation('a', 'https://one.example'),
      confirmation('b', 'https://one.example'),
      confirmation('c', 'https://two.example'),
    )
    await useConfirmations.getState().load()
    expect(useConfirmations.getState().originChanged).toBe(false)
    await click(true)
    expect(useConfirmations.getState()).toMatchObject({ shownId: 'b', originChanged: false })
    await click(true)
    expect(useConfirmations.getState()).toMatchObject({
      shownId: 'c',
      shownOrigin: 'https://two.example',
      originChanged: true,
    })
  })

  it('sends the approval of a request with a block warning only after the user steps past it, naming it', async () => {
    const warned: ConfirmationView = {
      ...confirmation('a', 'https://one.example'),
      warnings: [{ kind: 'signin-domain', level: 'block', message: 'For bank.example' }],
    }
    const { background } = stubQueue(warned)
    await useConfirmations.getState().load()
    await click(true)
    expect(background.requests.map(({ type }) => type)).not.toContain('confirmation:resolve')
    useConfirmations.getState().continuePastWarnings()
    expect(useConfirmations.getState()).toMatchObject({ continuedId: 'a', armed: false })
    await click(true)
    expect(background.requests).toContainEqual({
      type: 'confirmation:resolve',
      params: { id: 'a', approved: true, acknowledged: ['signin-domain'] },
    })
  })
})
