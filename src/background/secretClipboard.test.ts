import { describe, expect, it } from 'vitest'
import { createSecretClipboard, offscreenClipboardClear } from './secretClipboard.ts'
import { alarmNames, createScheduler } from './timers.ts'

const now = 1_800_000_000_000

/** The worker's secret clipboard over the real scheduler and recorded alarms; counts the clears. */
function secretClipboardAt(clock: { now: number }) {
  const alarms = new Map<string, number>()
  let clears = 0
  const scheduler = createScheduler(
    { [alarmNames.secretClipboard]: () => clipboard.clearNow() },
    {
      create: async (name, { when }) => void alarms.set(name, when),
      clear: async (name) => alarms.delete(name),
    },
    () => clock.now,
  )
  const clipboard = createSecretClipboard({
    clear: async () => {
      clears += 1
    },
    scheduler,
    now: () => clock.now,
  })
  return { clipboard, scheduler, alarms, clears: () => clears }
}

describe('the secret clipboard in the worker', () => {
  it('sets an alarm 60 s after the copy, which clears the clipboard when it fires', async () => {
    const { clipboard, scheduler, alarms, clears } = secretClipboardAt({ now })
    expect(await clipboard.clearLater()).toBe(now + 60_000)
    expect(alarms.get(alarmNames.secretClipboard)).toBe(now + 60_000)
    expect(clears()).toBe(0)
    scheduler.fired({ name: alarmNames.secretClipboard })
    await expect.poll(clears).toBe(1)
  })

  it('moves the clear to 60 s after a second copy', async () => {
    const clock = { now }
    const { clipboard, alarms } = secretClipboardAt(clock)
    await clipboard.clearLater()
    clock.now += 45_000
    await clipboard.clearLater()
    expect(alarms.get(alarmNames.secretClipboard)).toBe(now + 45_000 + 60_000)
  })
})

describe('offscreenClipboardClear', () => {
  /** `chrome.offscreen` recorded, with `open` saying whether a document is already open. */
  function offscreen(open: boolean) {
    const calls: string[] = []
    const clear = offscreenClipboardClear({
      offscreen: {
        createDocument: async ({ url, reasons }) => void calls.push(`create ${url} ${reasons}`),
        closeDocument: async () => void calls.push('close'),
      },
      hasDocument: async () => open,
      url: 'chrome-extension://id/src/offscreen/index.html',
    })
    return { clear, calls }
  }

  it('opens the offscreen page for the clipboard (it clears as it loads), then closes it', async () => {
    const { clear, calls } = offscreen(false)
    await clear()
    expect(calls).toEqual([
      'create chrome-extension://id/src/offscreen/index.html CLIPBOARD',
      'close',
    ])
  })

  it('closes a document left open first: only one may exist', async () => {
    const { clear, calls } = offscreen(true)
    await clear()
    expect(calls).toEqual([
      'close',
      'create chrome-extension://id/src/offscreen/index.html CLIPBOARD',
      'close',
    ])
  })
})
