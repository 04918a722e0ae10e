/**
 * `npm run bench:windows` (part of `npm run bench`): the wallet's confirmation window against its
 * floor (issue 36), in one headless Chromium with all three loaded. The floor (`windowFloor.ts`) is
 * an extension that does only what a signature needs: a popup window at Aperture's size, one plain
 * script asking its worker one question, the click signed with secp256k1 in the worker and
 * answered over the same kind of port. The React floor is the same extension whose window renders
 * with React (`createRoot`, one component): Aperture ÷ floor is the issue's verdict, React floor ÷
 * floor what React alone costs, Aperture ÷ React floor what Aperture adds beyond it. All three are
 * driven by `timeConfirmations` (`signing.ts`) with `personal_sign` from the same page, one round
 * each in turn (the order rotated every round, `roundOrder`), so a load that comes and goes weighs
 * on all alike:
 * - shown: request sent → the window shows `confirm-origin`;
 * - answered: Approve click → the page has the signature;
 * - cold start: the worker stopped (CDP) → a read answered (`wallet_getSession` / the floor's ping).
 * Each as p50 and p90, and the three ratios of the p50s and of the rounds' pairs (their median:
 * `pairedRatios`), plus the same two figures timed inside the pages (the request and the answer in
 * the page, the DOM insertion of `confirm-origin` and the click's event time in the window, all on
 * the wall clock of `performance.timeOrigin`), which leave out the harness's polling, and the
 * window's first contentful paint (what the user sees, after the DOM); the windows' and the
 * workers' bundle sizes; the CPU, the load and the run's time. Every window is laid out at its own
 * size (`viewport: null`), as in the user's browser.
 */
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { BrowserContext, Page } from '@playwright/test'
import { firstAccount } from '../e2e/support/anvil.ts'
import { startNodeEndpoint } from '../e2e/support/endpoint.ts'
import { extensionDirectory } from '../e2e/support/launchWallet.ts'
import { request } from '../e2e/support/provider.ts'
import { serveDapp } from '../e2e/support/serveDapp.ts'
import { controlServiceWorker } from '../e2e/support/serviceWorker.ts'
import { startReadyWallet } from '../e2e/support/wallet.ts'
import { approve, waitForApprovalWindow } from '../e2e/support/walletUi.ts'
import { loadedFiles } from '../scripts/build/loadedFiles.ts'
import { windowPagePath } from '../src/core/protocol/windowPage.ts'
import { percentile } from './lib/measure.ts'
import { measured, pairedRatios, roundOrder } from './lib/pairedRounds.ts'
import { timeConfirmations } from './signing.ts'
import { type WindowFloorKind, windowFloors, writeWindowFloorExtension } from './windowFloor.ts'

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '30' },
    'cold-starts': { type: 'string', default: '20' },
  },
})
const rounds = Number(options.rounds)
const coldStarts = Number(options['cold-starts'])
const scope = 'eip155:31337'
const message = `0x${Buffer.from('Sign in to the benchmark').toString('hex')}`

/** Which of the three a round drives. */
type Side = 'aperture' | 'floor' | 'reactFloor'
const sides: readonly Side[] = ['aperture', 'floor', 'reactFloor']
/** Each floor side's extension. */
const floorKinds: Record<Exclude<Side, 'aperture'>, WindowFloorKind> = {
  floor: 'plain',
  reactFloor: 'react',
}
/** The name of `side`'s page API (`window[name]`), or undefined for Aperture's. */
const floorName = (side: Side): string | undefined =>
  side === 'aperture' ? undefined : windowFloors[floorKinds[side]].name
/** One side's samples, ms: harness-timed and page-timed. */
type Samples = {
  shown: number[]
  answered: number[]
  cold: number[]
  pageShown: number[]
  pagePainted: number[]
  pageAnswered: number[]
}
const emptySamples = (): Samples => ({
  shown: [],
  answered: [],
  cold: [],
  pageShown: [],
  pagePainted: [],
  pageAnswered: [],
})

/**
 * Stamps of the confirmation windows, on the wall clock (`performance.timeOrigin` + page time):
 * `shown` when `confirm-origin` enters the DOM, `paint` at its first contentful paint, `click` at
 * the Approve click's event time. Injected
 * into every extension page before its scripts; reported through the `benchStamp` binding.
 */
function stampWindows(): void {
  if (location.protocol !== 'chrome-extension:') return
  // A stamp is taken when its event happens and reported once the binding is there: in a new
  // window it may come a moment after this script runs (such a round used to lose its stamp).
  // No named function in here: tsx would wrap it in a helper (`__name`) the window does not have.
  const unsent: Array<[string, number]> = []
  const sent = new Set<string>()
  const sender = setInterval(() => {
    const binding = (window as unknown as { benchStamp?(name: string, at: number): void })
      .benchStamp
    if (!binding) return
    for (const [name, at] of unsent.splice(0)) {
      binding(name, at)
      sent.add(name)
    }
    if (sent.has('click') && sent.has('paint')) clearInterval(sender)
  }, 5)
  // What the user sees first: the window's first contentful paint (text, not its background).
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') {
        unsent.push(['paint', performance.timeOrigin + entry.startTime])
      }
    }
  }).observe({ type: 'paint', buffered: true })
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="confirm-origin"]')) return
    observer.disconnect()
    unsent.push(['shown', performance.timeOrigin + performance.now()])
  })
  observer.observe(document, { childList: true, subtree: true })
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element | null
      if (target?.closest('[data-testid="confirm-approve"]')) {
        unsent.push(['click', performance.timeOrigin + event.timeStamp])
      }
    },
    { capture: true },
  )
}

/** A page request with the wall-clock times it left and its answer came (`performance.timeOrigin`). */
type TimedOutcome = { error?: unknown; sentAt: number; answeredAt: number }

/** Makes `side`'s signing request from `page`, timed in the page. */
function sign(page: Page, side: Side): Promise<TimedOutcome> {
  return page.evaluate(
    async ({ floor, scope, message, from }) => {
      const sentAt = performance.timeOrigin + performance.now()
      try {
        if (floor) {
          const api = (
            window as unknown as Record<
              string,
              { request(method: string, message: string): Promise<string> }
            >
          )[floor]
          await api?.request('sign', message)
        } else {
          await window.aperture?.request({
            method: 'wallet_invokeMethod',
            params: { scope, request: { method: 'personal_sign', params: [message, from] } },
          })
        }
        return { sentAt, answeredAt: performance.timeOrigin + performance.now() }
      } catch (error) {
        return { error: String(error), sentAt, answeredAt: Number.NaN }
      }
    },
    { floor: floorName(side), scope, message, from: firstAccount },
  )
}

/** Times a read from `page` right after `side`'s worker was stopped. */
function coldRead(page: Page, side: Side): Promise<number> {
  return page.evaluate(async (floor) => {
    const start = performance.now()
    if (floor) {
      await (window as unknown as Record<string, { request(method: string): Promise<string> }>)[
        floor
      ]?.request('ping')
    } else {
      await window.aperture?.request({ method: 'wallet_getSession', params: {} })
    }
    return performance.now() - start
  }, floorName(side))
}

/** The id of the extension whose manifest is named `title`, asked of each service worker (10 s). */
async function extensionIdOf(context: BrowserContext, title: string): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    for (const worker of context.serviceWorkers()) {
      const name = await worker.evaluate(() => chrome.runtime.getManifest().name)
      if (name === title) return new URL(worker.url()).host
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no service worker of the extension "${title}"`)
}

/** Total bytes of `paths` under `root`. */
async function bytesOf(root: string, paths: readonly string[]): Promise<number> {
  const sizes = await Promise.all(paths.map(async (path) => (await stat(join(root, path))).size))
  return sizes.reduce((total, size) => total + size, 0)
}

/** What the window and the worker load of each build: files and bytes. */
async function bundleSizes(floorPath: string, reactFloorPath: string): Promise<string[]> {
  const manifest = JSON.parse(
    await readFile(join(extensionDirectory, 'manifest.json'), 'utf8'),
  ) as {
    background: { service_worker: string }
  }
  const line = async (what: string, root: string, entry: string) => {
    const files = await loadedFiles(root, entry)
    const all = [...files.scripts, ...files.styles]
    const kilobytes = (await bytesOf(root, all)) / 1000
    return `${what.padEnd(34)} ${kilobytes.toFixed(1).padStart(7)} kB in ${all.length} file(s) (${files.scripts.length} script(s))`
  }
  return [
    await line('Aperture confirmation window', extensionDirectory, windowPagePath),
    await line('floor confirmation window', floorPath, 'confirm.html'),
    await line('React floor confirmation window', reactFloorPath, 'confirm.html'),
    await line('Aperture worker', extensionDirectory, manifest.background.service_worker),
    await line('floor worker', floorPath, 'worker.js'),
    await line('React floor worker', reactFloorPath, 'worker.js'),
  ]
}

const cpuModel = async (): Promise<string> =>
  /^model name\s*:\s*(.+)$/m.exec(await readFile('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown'
const loadLine = async (): Promise<string> =>
  (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')

async function main(): Promise<void> {
  const loadBefore = await loadLine()
  const endpoint = await startNodeEndpoint({ port: 0 })
  const dapp = await serveDapp()
  // The floor's scripts run on the dapp's pages (a match pattern has no port).
  const floor = await writeWindowFloorExtension('http://127.0.0.1/*', 'plain')
  const reactFloor = await writeWindowFloorExtension('http://127.0.0.1/*', 'react')
  // Each window at its own size, as the user's: the context's default 1280 × 900 viewport would lay
  // out and raster every popup at that size (docs/performance.md, "The first contentful paint").
  const wallet = await startReadyWallet(endpoint, {
    headless: true,
    alsoLoad: [floor.path, reactFloor.path],
    viewport: null,
  })
  const startedAt = performance.now()
  try {
    const { context } = wallet
    const ids: Record<Side, string> = {
      aperture: wallet.extensionId,
      floor: await extensionIdOf(context, windowFloors.plain.title),
      reactFloor: await extensionIdOf(context, windowFloors.react.title),
    }
    const stamps = new Map<string, number>()
    await context.exposeFunction('benchStamp', (name: string, at: number) => stamps.set(name, at))
    await context.addInitScript(stampWindows)
    const page = await context.newPage()
    await page.goto(dapp.url)
    await page.waitForFunction(
      (names) => window.aperture !== undefined && names.every((name) => name in window),
      [windowFloors.plain.name, windowFloors.react.name],
    )
    const pending = request(page, 'wallet_createSession', {
      optionalScopes: { [scope]: { methods: ['personal_sign'], notifications: [] } },
    })
    await approve(await waitForApprovalWindow(context, wallet.extensionOrigin, wallet.popupUrl))
    const session = await pending
    if (session.error) throw new Error(`wallet_createSession: ${JSON.stringify(session.error)}`)

    const samples: Record<Side, Samples> = {
      aperture: emptySamples(),
      floor: emptySamples(),
      reactFloor: emptySamples(),
    }
    const round = async (side: Side, record: boolean): Promise<void> => {
      stamps.clear()
      let outcome: Promise<TimedOutcome> | undefined
      const timed = await timeConfirmations(
        context,
        `chrome-extension://${ids[side]}/`,
        1,
        () => {
          outcome = sign(page, side)
          return outcome
        },
        async () => undefined,
      )
      const { sentAt, answeredAt } = (await outcome) as TimedOutcome
      if (!record) return
      // The windows' stamps come through an asynchronous binding: wait for them (at most 2 s).
      const stamped = () => stamps.has('shown') && stamps.has('click') && stamps.has('paint')
      for (let waited = 0; waited < 2_000 && !stamped(); ) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        waited += 20
      }
      const into = samples[side]
      into.shown.push(...timed.shown)
      into.answered.push(...timed.answered)
      into.pageShown.push((stamps.get('shown') ?? Number.NaN) - sentAt)
      into.pagePainted.push((stamps.get('paint') ?? Number.NaN) - sentAt)
      into.pageAnswered.push(answeredAt - (stamps.get('click') ?? Number.NaN))
    }
    console.log(`window floors: 2 warm-up rounds, then ${rounds} rounds of personal_sign each…`)
    for (const side of sides) for (let warm = 0; warm < 2; warm += 1) await round(side, false)
    for (let index = 0; index < rounds; index += 1) {
      for (const side of roundOrder(sides, index)) await round(side, true)
    }

    console.log(`cold start: ${coldStarts} × (stop worker → a read answered) each…`)
    const workers = {
      aperture: await controlServiceWorker(page, ids.aperture),
      floor: await controlServiceWorker(page, ids.floor),
      reactFloor: await controlServiceWorker(page, ids.reactFloor),
    }
    for (let index = 0; index < coldStarts; index += 1) {
      for (const side of roundOrder(sides, index)) {
        // Aperture's content script retries a port that drops within a second of connecting with a
        // growing delay (its guard against a crashing worker): each connection ages past that first.
        await new Promise((resolve) => setTimeout(resolve, 1_200))
        await workers[side].stop()
        samples[side].cold.push(await coldRead(page, side))
      }
    }
    for (const worker of Object.values(workers)) await worker.dispose()

    // Each figure over the rounds it was measured in, and how many those were (n).
    const figures: ReadonlyArray<[string, keyof Samples]> = [
      ['shown: request → confirm-origin (harness)', 'shown'],
      ['answered: Approve click → the page has it (harness)', 'answered'],
      ['cold start: worker stopped → a read answered', 'cold'],
      ['shown, in the pages: request sent → confirm-origin in the DOM', 'pageShown'],
      ['painted, in the pages: request sent → first contentful paint', 'pagePainted'],
      ['answered, in the pages: click event → answer in the page', 'pageAnswered'],
    ]
    const times = ([what, key]: [string, keyof Samples]) => {
      const cell = (side: Side) => {
        const values = measured(samples[side][key])
        return `${percentile(values, 50).toFixed(1)} / ${percentile(values, 90).toFixed(1)} (n=${values.length})`
      }
      return `| ${what} | ${cell('floor')} | ${cell('reactFloor')} | ${cell('aperture')} |`
    }
    /** `over` ÷ `under`: of the p50s, and the median of the rounds' pairs. */
    const ratio = (key: keyof Samples, over: Side, under: Side) => {
      const p50 = (side: Side) => percentile(measured(samples[side][key]), 50)
      const pairs = pairedRatios(samples[over][key], samples[under][key])
      return `${(p50(over) / p50(under)).toFixed(2)}× / ${percentile(pairs, 50).toFixed(2)}× (n=${pairs.length})`
    }
    const ratios = ([what, key]: [string, keyof Samples]) =>
      `| ${what} | ${ratio(key, 'aperture', 'floor')} | ${ratio(key, 'reactFloor', 'floor')} | ${ratio(key, 'aperture', 'reactFloor')} |`
    console.log(`
CPU: ${await cpuModel()}; load average ${loadBefore} before, ${await loadLine()} after; ${((performance.now() - startedAt) / 1000).toFixed(0)} s
| ms, p50 / p90 | floor | React floor | Aperture |
|---|---|---|---|
${figures.map(times).join('\n')}

| p50 ratio / paired median | Aperture ÷ floor (the verdict) | React floor ÷ floor | Aperture ÷ React floor |
|---|---|---|---|
${figures.map(ratios).join('\n')}

${(await bundleSizes(floor.path, reactFloor.path)).join('\n')}`)
  } finally {
    await wallet.close()
    await dapp.close()
    await endpoint.close()
    await floor.remove()
    await reactFloor.remove()
  }
}

await main()
