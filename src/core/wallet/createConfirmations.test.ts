import { describe, expect, it } from 'vitest'
import { requestIdentityOf } from '../protocol/requestIdentity.ts'
import {
  type ConfirmationInput,
  type ConfirmationStore,
  type ConfirmationWindows,
  createConfirmations,
  maxConfirmationBytes,
  maxConfirmationsBytes,
  maxOriginConfirmationBytes,
  maxOwnConfirmationBytes,
  maxPendingConfirmations,
  maxPendingPerOrigin,
} from './createConfirmations.ts'
import { memoryConfirmationStore } from './testing/memoryConfirmationStore.ts'
import { walletOrigin } from './walletOrigin.ts'
import { confirmationWarnings } from './warnings/confirmationWarnings.ts'

const dapp = 'http://127.0.0.1:5173'
const otherDapp = 'http://127.0.0.1:5174'
const connection = '3f0c9a52-6d1e-4f51-9a43-0d7a4b1c2e11'
const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const message: ConfirmationInput = {
  ...requestIdentityOf(connection, 1, 'wallet_invokeMethod', {
    scope: 'eip155:31337',
    request: { method: 'personal_sign', params: ['0x68656c6c6f', account] },
  }),
  origin: dapp,
  chainId: 'eip155:31337',
  kind: 'personal_sign',
  view: { message: { kind: 'text', text: 'hello' } },
}

const hop = async (turns = 3): Promise<void> => {
  for (let turn = 0; turn < turns; turn += 1) await Promise.resolve()
}

/** Resolves `'queued'` after 200 ms: what a refused `ask` has rejected long before. */
const stillQueued = (): Promise<string> =>
  new Promise((resolve) => setTimeout(() => resolve('queued'), 200))

/** `storage.session` as the worker sees it: it outlives every worker of a test. */
const memoryStore = () => memoryConfirmationStore(hop)

/** The browser's windows: they too outlive the worker. */
function memoryWindows(): ConfirmationWindows & {
  opened: number
  focused: number[]
  close(id: number): void
} {
  const open = new Set<number>()
  const windows = {
    opened: 0,
    focused: [] as number[],
    open: async () => {
      windows.opened += 1
      const id = 100 + windows.opened
      open.add(id)
      return id
    },
    focus: async (id: number) => {
      windows.focused.push(id)
    },
    exists: async (id: number) => {
      await hop()
      return open.has(id)
    },
    close: (id: number) => {
      open.delete(id)
    },
  }
  return windows
}

/** How long an answered record waits for its request to claim it, in these tests. */
const claimMs = 60_000

/** A worker: the queue over the shared store and windows. */
let clock = 1_000
function worker(store: ConfirmationStore, windows: ConfirmationWindows) {
  return createConfirmations({
    store,
    windows,
    claimMs,
    warnings: confirmationWarnings,
    newId: () => crypto.randomUUID(),
    now: () => {
      clock += 1
      return clock
    },
  })
}

/**
 * `message` shown by a worker that stopped, and the next worker over the same store and windows;
 * with `approved`, the user's answer in the window, recorded by that next worker while no request
 * waited for it. `record` is the id of the message's record.
 */
async function restartedWith(approved?: boolean) {
  const store = memoryStore()
  const windows = memoryWindows()
  worker(store, windows).ask(message)
  await hop(20)
  const restarted = worker(store, windows)
  const [record = ''] = store.records.keys()
  if (approved !== undefined) await restarted.resolve(record, approved)
  return { store, windows, restarted, record }
}

/** A message of `origin` whose record takes about three quarters of `maxConfirmationBytes`. */
const largeOf = (origin: string): ConfirmationInput => ({
  ...message,
  origin,
  view: { message: { kind: 'text', text: 'x'.repeat((maxConfirmationBytes * 3) / 4) } },
})
/** How many `largeOf` records `maxConfirmationsBytes` holds. */
const largeFit = Math.floor(maxConfirmationsBytes / ((maxConfirmationBytes * 3) / 4))

/** A worker whose queue holds `largeFit` records of as many origins (`largeOf`). */
async function fullOfLargeRecords() {
  const confirmations = worker(memoryStore(), memoryWindows())
  for (let index = 0; index < largeFit; index += 1) {
    confirmations.ask(largeOf(`https://site-${index}.example`))
  }
  await hop(400)
  return confirmations
}

describe('createConfirmations', () => {
  it('opens one window and resolves with the approved record', async () => {
    const store = memoryStore()
    const windows = memoryWindows()
    const confirmations = worker(store, windows)
    const asked = confirmations.ask(message)
    await hop(20)
    const [pending] = await confirmations.pending()
    expect(pending).toMatchObject({ kind: 'personal_sign', origin: dapp })
    await confirmations.resolve(pending?.id ?? '', true)
    expect((await asked).result).toEqual({ approved: true })
    expect(windows.opened).toBe(1)
  })

  it('queues requests of two origins in the one window, oldest first', async () => {
    const store = memoryStore()
    const windows = memoryWindows()
    const confirmations = worker(store, windows)
    const first = confirmations.ask(message)
    const second = confirmations.ask({ ...message, origin: otherDapp, requestKey: 'b/1' })
    await hop(80)
    const pending = await confirmations.pending()
    expect(pending.map(({ origin }) => origin)).toEqual([dapp, otherDapp])
    expect(windows.opened).toBe(1)
    expect(windows.focused).toEqual([101])
    await confirmations.resolve(pending[1]?.id ?? '', false)
    expect((await second).result).toEqual({ approved: false })
    await confirmations.resolve(pending[0]?.id ?? '', true)
    expect((await first).result).toEqual({ approved: true })
  })

  it('counts only the first answer', async () => {
    const confirmations = worker(memoryStore(), memoryWindows())
    const asked = confirmations.ask(message)
    await hop(20)
    const [pending] = await confirmations.pending()
    await Promise.all([
      confirmations.resolve(pending?.id ?? '', false),
      confirmations.resolve(pending?.id ?? '', true),
    ])
    expect((await asked).result).toEqual({ approved: false })
  })

  it('rejects everything pending when the window is closed', async () => {
    const windows = memoryWindows()
    const confirmations = worker(memoryStore(), windows)
    const first = confirmations.ask(message)
    const second = confirmations.ask({ ...message, requestKey: 'a/2' })
    await hop(80)
    windows.close(101)
    await confirmations.windowClosed(101)
    expect((await first).result).toEqual({ approved: false })
    expect((await second).result).toEqual({ approved: false })
  })

  it('gives a request that comes while the window closes itself a new window, where it waits for the user', async () => {
    const windows = memoryWindows()
    const confirmations = worker(memoryStore(), windows)
    const first = confirmations.ask(message)
    await hop(80)
    const [shown] = await confirmations.pending()
    await confirmations.resolve(shown?.id ?? '', true)
    expect((await first).result).toEqual({ approved: true })
    expect(await confirmations.closeIfIdle()).toBe(true)

    // The next request comes while window 101 is still closing.
    const second = confirmations.ask({ ...message, requestKey: 'a/2' })
    await hop(80)
    windows.close(101)
    await confirmations.windowClosed(101)
    expect(windows.opened).toBe(2)
    const [waiting] = await confirmations.pending()
    expect(waiting?.requestKey).toBe('a/2')
    await confirmations.resolve(waiting?.id ?? '', true)
    expect((await second).result).toEqual({ approved: true })
  })

  it('keeps the window open when a request came before it asked to close, and the request waits there', async () => {
    const windows = memoryWindows()
    const confirmations = worker(memoryStore(), windows)
    const first = confirmations.ask(message)
    await hop(80)
    const [shown] = await confirmations.pending()
    await confirmations.resolve(shown?.id ?? '', true)
    await first
    const second = confirmations.ask({ ...message, origin: otherDapp, requestKey: 'b/1' })
    await hop(80)
    expect(windows.focused).toEqual([101])
    expect(await confirmations.closeIfIdle()).toBe(false)
    const settled = await Promise.race([
      second.then(() => 'answered'),
      hop(40).then(() => 'waiting'),
    ])
    expect(settled).toBe('waiting')
    const [waiting] = await confirmations.pending()
    await confirmations.resolve(waiting?.id ?? '', false)
    expect((await second).result).toEqual({ approved: false })
    expect(windows.opened).toBe(1)
  })

  it('opens a new window when the open one goes away between the check and the focus', async () => {
    const windows = memoryWindows()
    const confirmations = worker(memoryStore(), {
      ...windows,
      focus: async () => {
        throw new Error('No window with id: 101.')
      },
    })
    void confirmations.ask(message)
    await hop(80)
    void confirmations.ask({ ...message, requestKey: 'a/2' })
    await hop(80)
    expect(windows.opened).toBe(2)
    await confirmations.windowClosed(101)
    expect(await confirmations.pending()).toHaveLength(2)
  })

  it('re-attaches a re-sent request to its pending record after a restart, without a second window', async () => {
    const { windows, restarted, record } = await restartedWith()
    const resent = restarted.ask(message)
    await hop(20)
    expect(await restarted.pending()).toHaveLength(1)
    await restarted.resolve(record, true)
    expect((await resent).result).toEqual({ approved: true })
    expect(windows.opened).toBe(1)
  })

  it('gives a re-sent request the answer recorded while no request waited', async () => {
    const { restarted } = await restartedWith(true)
    expect((await restarted.ask(message)).result).toEqual({ approved: true })
  })

  it("refuses -32602 another request re-sent under a pending record's key; the window still answers the first", async () => {
    const { windows, restarted } = await restartedWith()
    const swapped: ConfirmationInput = {
      ...message,
      ...requestIdentityOf(connection, 1, 'wallet_invokeMethod', {
        scope: 'eip155:31337',
        request: { method: 'eth_signTypedData_v4', params: [account, '{"primaryType":"Permit"}'] },
      }),
      kind: 'eth_signTypedData_v4',
      view: { typedData: { primaryType: 'Permit' } },
    }
    await expect(restarted.ask(swapped)).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('a re-sent request must repeat the request it re-sends'),
    })
    const [pending] = await restarted.pending()
    expect(pending).toMatchObject({ kind: 'personal_sign', requestDigest: message.requestDigest })
    const resent = restarted.ask(message)
    await hop(20)
    await restarted.resolve(pending?.id ?? '', true)
    expect((await resent).view).toEqual(message.view)
    expect(windows.opened).toBe(1)
  })

  it('refuses -32602 another request under the key of an answered record, building no view for it', async () => {
    const { restarted } = await restartedWith(true)
    let built = false
    const swapped = {
      ...message,
      requestDigest: requestIdentityOf(connection, 1, 'x', []).requestDigest,
    }
    await expect(
      restarted.confirm(swapped, async () => {
        built = true
        return {}
      }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(built).toBe(false)
    expect((await restarted.confirm(message, async () => ({}))).view).toEqual(message.view)
  })

  it('drops an answer nobody claimed within claimMs: a request that comes for it later is asked anew', async () => {
    const { store, restarted, record: answered } = await restartedWith(true)
    clock += claimMs
    const late = restarted.ask(message)
    await hop(20)
    expect(store.records.has(answered)).toBe(false)
    const [asked] = await restarted.pending()
    expect(asked).toMatchObject({ kind: 'personal_sign', requestDigest: message.requestDigest })
    await restarted.resolve(asked?.id ?? '', false)
    expect((await late).result).toEqual({ approved: false })
  })

  it('releases nothing for a refused request under the key of an answered record', async () => {
    const store = memoryStore()
    const confirmations = worker(store, memoryWindows())
    const asked = confirmations.ask(message)
    await hop(20)
    const [pending] = await confirmations.pending()
    await confirmations.resolve(pending?.id ?? '', true)
    await asked
    const swapped = requestIdentityOf(connection, 1, 'wallet_invokeMethod', { scope: 'eip155:1' })
    await confirmations.release(dapp, swapped)
    expect(store.records.size).toBe(1)
  })

  it('keeps an answer a request of this worker waits for past claimMs, until it is released', async () => {
    const store = memoryStore()
    const confirmations = worker(store, memoryWindows())
    const asked = confirmations.ask(message)
    await hop(20)
    const [pending] = await confirmations.pending()
    await confirmations.resolve(pending?.id ?? '', true)
    await asked
    clock += claimMs
    await confirmations.sweep()
    expect(store.records.size).toBe(1)
    await confirmations.release(dapp, message)
    expect(store.records.size).toBe(0)
  })

  it('keeps past claimMs an answer a new worker claimed for a request it will run again, and claims no other request or a released record', async () => {
    const { store, restarted, record: answered } = await restartedWith(true)
    const other = requestIdentityOf(connection, 2, 'wallet_invokeMethod', {})
    expect(await restarted.claim(dapp, other)).toBe(false)
    expect(await restarted.claim(otherDapp, message)).toBe(false)
    expect(await restarted.claim(dapp, message)).toBe(true)
    clock += claimMs
    await restarted.sweep()
    expect(store.records.has(answered)).toBe(true)
    await restarted.release(dapp, message)
    expect(await restarted.claim(dapp, message)).toBe(false)
  })

  it('withdraws the record of a request that will not go ahead, answered or not: the window no longer shows it, its waiter is rejected, other records stay', async () => {
    const store = memoryStore()
    const confirmations = worker(store, memoryWindows())
    const asked = confirmations.ask(message)
    const other = confirmations.ask({ ...message, origin: otherDapp })
    await hop(80)
    await confirmations.withdraw(dapp, message)
    expect((await asked).result).toEqual({ approved: false })
    expect((await confirmations.pending()).map(({ origin }) => origin)).toEqual([otherDapp])
    expect(store.records.size).toBe(1)
    const [left] = await confirmations.pending()
    await confirmations.resolve(left?.id ?? '', true)
    await other
    await confirmations.withdraw(otherDapp, message)
    expect(store.records.size).toBe(0)
  })

  it('sweeps, when a worker starts, the answers nobody claimed within claimMs, and no pending request', async () => {
    const store = memoryStore()
    const windows = memoryWindows()
    const first = worker(store, windows)
    first.ask(message)
    first.ask({ ...message, ...requestIdentityOf(connection, 2, 'wallet_invokeMethod', {}) })
    await hop(80)
    const [answered] = store.records.keys()
    const restarted = worker(store, windows)
    await restarted.resolve(answered ?? '', true)
    await restarted.sweep()
    expect(store.records.size).toBe(2)
    clock += claimMs
    await worker(store, windows).sweep()
    expect([...store.records.keys()]).not.toContain(answered)
    expect(await restarted.pending()).toHaveLength(1)
  })

  it('rejects a re-sent request whose window was closed while no worker ran', async () => {
    const store = memoryStore()
    const windows = memoryWindows()
    worker(store, windows).ask(message)
    await hop(20)
    windows.close(101)
    expect((await worker(store, windows).ask(message)).result).toEqual({ approved: false })
    expect(windows.opened).toBe(1)
  })

  it('keeps progress on the record for a re-attached request, until released', async () => {
    const store = memoryStore()
    const confirmations = worker(store, memoryWindows())
    const asked = confirmations.ask(message)
    await hop(20)
    const [pending] = await confirmations.pending()
    await confirmations.resolve(pending?.id ?? '', true)
    await asked
    await confirmations.progress(pending?.id ?? '', { hash: '0xabc' })
    expect((await confirmations.ask(message)).progress).toEqual({ hash: '0xabc' })
    await confirmations.release(dapp, message)
    expect(store.records.size).toBe(0)
  })

  it(`refuses more than ${maxPendingPerOrigin} pending requests of one origin with -32002, not another origin's`, async () => {
    const confirmations = worker(memoryStore(), memoryWindows())
    for (let index = 0; index < maxPendingPerOrigin; index += 1) {
      confirmations.ask({ ...message, requestKey: `a/${index}` })
    }
    await hop(400)
    await expect(confirmations.ask({ ...message, requestKey: 'a/last' })).rejects.toMatchObject({
      code: -32002,
    })
    confirmations.ask({ ...message, origin: otherDapp, requestKey: 'b/1' })
    await hop(80)
    expect(await confirmations.pending()).toHaveLength(maxPendingPerOrigin + 1)
  })

  it(`refuses more than ${maxPendingConfirmations} pending requests in all with -32002`, async () => {
    const confirmations = worker(memoryStore(), memoryWindows())
    for (let index = 0; index < maxPendingConfirmations; index += 1) {
      confirmations.ask({ ...message, origin: `https://site-${index}.example`, requestKey: 'a/1' })
    }
    await hop(2_000)
    await expect(
      confirmations.ask({ ...message, origin: 'https://one-more.example', requestKey: 'a/1' }),
    ).rejects.toMatchObject({ code: -32002 })
  })

  it(`refuses -32602 a request whose record would take more than ${maxConfirmationBytes} bytes, keeping nothing and opening no window`, async () => {
    const store = memoryStore()
    const windows = memoryWindows()
    const confirmations = worker(store, windows)
    const huge = {
      ...message,
      view: { message: { kind: 'text', text: 'x'.repeat(maxConfirmationBytes) } },
    }
    const asked = confirmations.ask(huge)
    await expect(Promise.race([asked, stillQueued()])).rejects.toMatchObject({
      code: -32602,
    })
    expect(store.records.size).toBe(0)
    expect(windows.opened).toBe(0)
  })

  it(`refuses -32002 a request past ${maxOriginConfirmationBytes} bytes of one origin's records, not another origin's`, async () => {
    const confirmations = worker(memoryStore(), memoryWindows())
    /** A message whose record takes about three quarters of `maxConfirmationBytes`. */
    const large = (origin: string, requestKey: string): ConfirmationInput => ({
      ...message,
      origin,
      requestKey,
      view: { message: { kind: 'text', text: 'x'.repeat((maxConfirmationBytes * 3) / 4) } },
    })
    confirmations.ask(large(dapp, 'a/1'))
    confirmations.ask(large(dapp, 'a/2'))
    await hop(80)
    const third = confirmations.ask(large(dapp, 'a/3'))
    await expect(Promise.race([third, stillQueued()])).rejects.toMatchObject({
      code: -32002,
    })
    confirmations.ask(large(otherDapp, 'b/1'))
    await hop(80)
    expect((await confirmations.pending()).map(({ requestKey }) => requestKey)).toEqual([
      'a/1',
      'a/2',
      'b/1',
    ])
  })

  it(`refuses -32002 a request past ${maxConfirmationsBytes} bytes of records in all`, async () => {
    const confirmations = await fullOfLargeRecords()
    const oneMore = confirmations.ask(largeOf('https://one-more.example'))
    await expect(Promise.race([oneMore, stillQueued()])).rejects.toMatchObject({
      code: -32002,
    })
    expect(await confirmations.pending()).toHaveLength(largeFit)
  })

  it(`opens the wallet's own request while pages of five origins hold all ${maxPendingConfirmations} pending, and its own take none of theirs`, async () => {
    const confirmations = worker(memoryStore(), memoryWindows())
    confirmations.ask({ ...message, origin: walletOrigin, requestKey: 'Aperture/1' })
    for (let index = 0; index < maxPendingConfirmations; index += 1) {
      const origin = `https://frame-${index % 5}.example`
      confirmations.ask({ ...message, origin, requestKey: `a/${index}` })
    }
    await hop(2_000)
    expect(await confirmations.pending()).toHaveLength(maxPendingConfirmations + 1)
    await expect(
      confirmations.ask({ ...message, origin: 'https://one-more.example', requestKey: 'a/1' }),
    ).rejects.toMatchObject({ code: -32002 })
    const send = confirmations.ask({ ...message, origin: walletOrigin, requestKey: 'Aperture/2' })
    expect(await Promise.race([send, stillQueued()])).toBe('queued')
    expect((await confirmations.pending()).at(-1)).toMatchObject({
      origin: walletOrigin,
      requestKey: 'Aperture/2',
    })
  })

  it(`opens the wallet's own request of ${(maxOwnConfirmationBytes * 3) / 4} bytes while pages hold so much of the ${maxConfirmationsBytes} bytes of records that it would not fit among theirs`, async () => {
    const confirmations = await fullOfLargeRecords()
    const oneMore = confirmations.ask(largeOf('https://one-more.example'))
    await expect(Promise.race([oneMore, stillQueued()])).rejects.toMatchObject({ code: -32002 })
    const send = confirmations.ask({
      ...message,
      origin: walletOrigin,
      requestKey: 'Aperture/1',
      view: { message: { kind: 'text', text: 'x'.repeat((maxOwnConfirmationBytes * 3) / 4) } },
    })
    expect(await Promise.race([send, stillQueued()])).toBe('queued')
    expect(await confirmations.pending()).toHaveLength(largeFit + 1)
  })

  it(`bounds the wallet's own requests by their own: ${maxPendingPerOrigin} pending, ${maxOwnConfirmationBytes} bytes of records`, async () => {
    const confirmations = worker(memoryStore(), memoryWindows())
    const own = (requestKey: string, text = 'hello'): ConfirmationInput => ({
      ...message,
      origin: walletOrigin,
      requestKey,
      view: { message: { kind: 'text', text } },
    })
    const wide = 'x'.repeat((maxOwnConfirmationBytes * 3) / 4)
    confirmations.ask(own('Aperture/wide-1', wide))
    await hop(80)
    const second = confirmations.ask(own('Aperture/wide-2', wide))
    await expect(Promise.race([second, stillQueued()])).rejects.toMatchObject({ code: -32002 })
    for (let index = 1; index < maxPendingPerOrigin; index += 1) {
      confirmations.ask(own(`Aperture/${index}`))
    }
    await hop(400)
    await expect(confirmations.ask(own('Aperture/last'))).rejects.toMatchObject({ code: -32002 })
    expect(await confirmations.pending()).toHaveLength(maxPendingPerOrigin)
  })

  it('rejects when no window can be opened', async () => {
    const windows = { ...memoryWindows(), open: async () => undefined }
    const confirmations = worker(memoryStore(), windows)
    expect((await confirmations.ask(message)).result).toEqual({ approved: false })
  })

  it('opens the window beside the record’s write, and the queue shows the record before it is stored', async () => {
    const store = memoryStore()
    let stored: () => void = () => undefined
    const storing = new Promise<void>((resolve) => {
      stored = resolve
    })
    const slowStore: ConfirmationStore = {
      ...store,
      write: async (record) => {
        await storing
        await store.write(record)
      },
    }
    const windows = memoryWindows()
    const confirmations = worker(slowStore, windows)
    const asked = confirmations.ask(message)
    await hop(40)
    expect(windows.opened).toBe(1)
    expect(store.records.size).toBe(0)
    const [shown] = await confirmations.pending()
    expect(shown?.origin).toBe(dapp)
    stored()
    await hop(20)
    expect(store.records.size).toBe(1)
    await confirmations.resolve(shown?.id ?? '', true)
    expect((await asked).result).toEqual({ approved: true })
  })

  it('reads the window’s id from storage once per worker', async () => {
    const store = memoryStore()
    let reads = 0
    const counted: ConfirmationStore = {
      ...store,
      readWindow: () => {
        reads += 1
        return store.readWindow()
      },
    }
    const windows = memoryWindows()
    const confirmations = worker(counted, windows)
    confirmations.ask(message)
    confirmations.ask({ ...message, requestKey: 'a/2' })
    await hop(80)
    expect(windows.opened).toBe(1)
    expect(windows.focused).toEqual([101])
    expect(reads).toBe(1)
  })
})
