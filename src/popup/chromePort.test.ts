import { afterEach, describe, expect, it, vi } from 'vitest'
import { askEarly, chromePort } from './chromePort.ts'

type ChangeListener = (changes: Record<string, unknown>, area: string) => void

/**
 * A page with the `chrome` of an extension page around `chromePort`: a worker that answers each
 * message with `answer`, and a storage whose changes the test makes. Each test has its own page.
 */
function stubPage(answer: (message: unknown) => Promise<unknown>) {
  const sent: unknown[] = []
  const listeners = new Set<ChangeListener>()
  vi.stubGlobal('window', {})
  vi.stubGlobal('chrome', {
    runtime: {
      sendMessage: (message: unknown) => {
        sent.push(message)
        return answer(message)
      },
    },
    storage: {
      onChanged: {
        addListener: (listener: ChangeListener) => listeners.add(listener),
        removeListener: (listener: ChangeListener) => listeners.delete(listener),
      },
    },
  })
  const change = (keys: string[], area: string) => {
    for (const listener of [...listeners]) {
      listener(Object.fromEntries(keys.map((key) => [key, {}])), area)
    }
  }
  return { sent, listeners, change }
}

const opened = { ok: true, result: { wallet: { status: 'locked', accounts: [] } } }

/** Chromium's rejection of a message whose worker stopped before its answer. */
const channelClosed =
  'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received'

/**
 * Firefox's rejection of a message whose event page's promised answer went away unanswered (the
 * page unloaded with it): `StrongPromise` in Firefox's `ExtensionChild.sys.mjs`.
 */
const promiseOutOfScope = 'Promised response from onMessage listener went out of scope'

/** The rejection of a message nobody took (both browsers). */
const noReceiver = 'Could not establish connection. Receiving end does not exist.'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("chromePort and the windows' first script (askEarly)", () => {
  it("gives the module's confirmations:open the answer to the first script's question, without asking the worker again", async () => {
    const page = stubPage(async () => opened)

    askEarly('confirmations:open')
    const response = await chromePort.send({ type: 'confirmations:open', params: undefined })

    expect(response).toEqual(opened)
    expect(page.sent).toEqual([{ type: 'confirmations:open' }])
  })

  it('takes the early answer once: other questions, and the same one again, go to the worker', async () => {
    const page = stubPage(async (message) => ({ ok: true, result: message }))

    askEarly('confirmations:open')
    await chromePort.send({ type: 'wallet:getState', params: undefined })
    await chromePort.send({ type: 'confirmations:open', params: undefined })
    await chromePort.send({ type: 'confirmations:open', params: undefined })

    expect(page.sent).toEqual([
      { type: 'confirmations:open' },
      { type: 'wallet:getState', params: undefined },
      { type: 'confirmations:open', params: undefined },
    ])
  })

  it("throws the early question's failure to the module's asker", async () => {
    stubPage(async () => {
      throw new Error(noReceiver)
    })

    askEarly('confirmations:open')

    await expect(
      chromePort.send({ type: 'confirmations:open', params: undefined }),
    ).rejects.toThrow('Receiving end does not exist')
  })

  it('answers undefined (nobody answered) when the worker stopped before answering the early question, as for any question', async () => {
    stubPage(() => Promise.reject(new Error(channelClosed)))

    askEarly('confirmations:open')

    expect(await chromePort.send({ type: 'confirmations:open', params: undefined })).toBeUndefined()
  })

  it("hands the storage changes made since the early question to the module's first listener, then stops keeping them", () => {
    const page = stubPage(async () => opened)
    askEarly('confirmations:open')
    page.change(['confirmation:a'], 'session')
    const heard: Array<[string[], string]> = []

    chromePort.onStorageChanged((keys, area) => heard.push([keys, area]))
    page.change(['confirmation:b'], 'session')
    chromePort.onStorageChanged(() => undefined)

    expect(heard).toEqual([
      [['confirmation:a'], 'session'],
      [['confirmation:b'], 'session'],
    ])
    expect(page.listeners.size).toBe(2)
  })

  it('asks the worker at each send on a page without a first script (the toolbar popup)', async () => {
    const page = stubPage(async () => opened)

    await chromePort.send({ type: 'confirmations:open', params: undefined })
    const heard: string[][] = []
    chromePort.onStorageChanged((keys) => heard.push(keys))

    expect(page.sent).toEqual([{ type: 'confirmations:open', params: undefined }])
    expect(heard).toEqual([])
  })

  it.each([
    ['Chromium', channelClosed],
    ['Firefox', promiseOutOfScope],
  ])(
    'answers undefined (nobody answered) when the worker stopped before its answer (%s)',
    async (_browser, message) => {
      stubPage(() => Promise.reject(new Error(message)))
      expect(
        await chromePort.send({
          type: 'send:assets',
          params: { chainId: 'eip155:1', from: '0x1' },
        }),
      ).toBeUndefined()
    },
  )

  it("answers undefined (nobody answered) when nobody received the question but the worker answers a read right after: Firefox's event page unloaded with it", async () => {
    const page = stubPage(async (message) => {
      if (page.sent.length === 1) throw new Error(noReceiver)
      return { ok: true, result: message }
    })
    const request = { type: 'send:assets', params: { chainId: 'eip155:1', from: '0x1' } } as const

    expect(await chromePort.send(request)).toBeUndefined()
    expect(page.sent).toEqual([request, { type: 'wallet:getState', params: undefined }])
  })

  it("answers undefined for the windows' early question whose event page unloaded with it, as for any question", async () => {
    const page = stubPage(async () => {
      if (page.sent.length === 1) throw new Error(noReceiver)
      return opened
    })

    askEarly('confirmations:open')

    expect(await chromePort.send({ type: 'confirmations:open', params: undefined })).toBeUndefined()
  })

  it.each([noReceiver, 'Extension context invalidated.'])(
    'throws any other rejection of the message to the asker, and nobody receiving when no worker answers either: %s',
    async (message) => {
      stubPage(() => Promise.reject(new Error(message)))

      await expect(
        chromePort.send({ type: 'send:assets', params: { chainId: 'eip155:1', from: '0x1' } }),
      ).rejects.toThrow(message)
    },
  )
})
