import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ConfirmationView } from '../../core/wallet/confirmationViews.ts'
import { Refusal, stubBackground } from '../testing/fakeBackground.ts'
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
  createdAt: 1,
})

beforeEach(() => useConfirmations.setState(useConfirmations.getInitialState(), true))
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

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
    let queue = [confirmation('a', 'https://one.example'), confirmation('b', 'https://two.example')]
    const background = stubBackground({
      'confirmations:list': () => queue,
      'confirmation:resolve': ({ id }) => {
        queue = queue.filter((item) => item.id !== id)
        return null
      },
    })
    await useConfirmations.getState().load()
    useConfirmations.getState().next()
    await useConfirmations.getState().answer(false)
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

  it('closes the window once the last request is answered', async () => {
    vi.useFakeTimers()
    const close = vi.fn()
    vi.stubGlobal('window', { close })
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
    await useConfirmations.getState().answer(true)
    expect(useConfirmations.getState().items).toEqual([])
    await vi.advanceTimersByTimeAsync(400)
    expect(background.requests).toContainEqual({ type: 'confirmations:close' })
    expect(close).toHaveBeenCalledOnce()
  })

  it('stays open and shows the request that came while it was about to close', async () => {
    vi.useFakeTimers()
    const close = vi.fn()
    vi.stubGlobal('window', { close })
    let queue = [confirmation('a', 'https://one.example')]
    stubBackground({
      'confirmations:list': () => queue,
      'confirmation:resolve': () => {
        queue = []
        return null
      },
      'confirmations:close': () => queue.length === 0,
    })
    await useConfirmations.getState().load()
    await useConfirmations.getState().answer(true)
    // The dapp asks again at once: the worker has it before the window asks to close.
    queue = [confirmation('b', 'https://one.example')]
    await vi.advanceTimersByTimeAsync(400)
    expect(close).not.toHaveBeenCalled()
    expect(useConfirmations.getState()).toMatchObject({ shownId: 'b', closing: false })
    await vi.advanceTimersByTimeAsync(2_000)
    expect(close).not.toHaveBeenCalled()
  })

  it('asks to close once, however often the empty queue is loaded meanwhile', async () => {
    vi.useFakeTimers()
    const close = vi.fn()
    vi.stubGlobal('window', { close })
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
    await useConfirmations.getState().answer(true)
    await useConfirmations.getState().load()
    await useConfirmations.getState().load()
    await vi.advanceTimersByTimeAsync(400)
    expect(background.requests.filter(({ type }) => type === 'confirmations:close')).toHaveLength(1)
    expect(close).toHaveBeenCalledOnce()
  })

  it('keeps the request shown and says why when the background refuses the answer', async () => {
    stubBackground({
      'confirmations:list': () => [confirmation('a', 'https://one.example')],
      'confirmation:resolve': () => {
        throw new Refusal({ message: 'Unlock the wallet first' })
      },
    })
    await useConfirmations.getState().load()
    await useConfirmations.getState().answer(true)
    expect(useConfirmations.getState()).toMatchObject({
      shownId: 'a',
      busy: false,
      error: 'Unlock the wallet first',
    })
  })
})
