/**
 * What the wallet adds to every page load (issue 21, part 2): a blank page and a typical page (a few
 * hundred KB of script), loaded alternately in Chromium with the extension and in a Chromium without
 * it, each load in a fresh tab; `load` (the navigation's `loadEventStart`) and the page's main-thread
 * time (CDP `Performance.getMetrics` `TaskDuration` once `load` fired). Also the inpage script's size
 * and whether `window.aperture` exists for the page's first inline script.
 */
import { stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type BrowserContext, chromium } from '@playwright/test'
import { chromiumFlags, chromiumPath, extensionDirectory } from '../e2e/support/launchWallet.ts'

export type PageLoadSamples = {
  blank: { wallet: LoadSample[]; plain: LoadSample[] }
  typical: { wallet: LoadSample[]; plain: LoadSample[] }
  inpageBytes: number
  /** `typeof window.aperture` in the blank page's first inline script, with the extension. */
  providerAtFirstScript: string
}

export type LoadSample = { loadMs: number; mainThreadMs: number }

/** A page's script of about `kilobytes` KB: many small functions, a share of them called. */
function typicalScript(kilobytes: number): string {
  const parts: string[] = []
  let index = 0
  while (parts.join('').length < kilobytes * 1024) {
    parts.push(
      `function f${index}(a,b){const o={k:'${'v'.repeat(40)}',n:${index}};for(let i=0;i<a;i++){b+=o.n*i%7}return b+o.k.length}\n`,
    )
    index += 1
  }
  const calls = Array.from({ length: Math.floor(index / 4) }, (_, i) => `s+=f${i * 4}(20,1);`)
  return `${parts.join('')}let s=0;${calls.join('')}window.__typical=s;\n`
}

const blankPage =
  '<!doctype html><html><head><script>window.__first=typeof window.aperture</script></head><body></body></html>'

/** Serves `/blank` and `/typical` (its script from `/typical.js`, ~300 KB) on loopback. */
async function servePages(): Promise<{ url: string; close(): Promise<void> }> {
  const script = typicalScript(300)
  const server: Server = createServer((request, response) => {
    const send = (type: string, body: string) => {
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' })
      response.end(body)
    }
    if (request.url === '/typical.js') return send('text/javascript', script)
    if (request.url === '/typical') {
      return send(
        'text/html',
        '<!doctype html><html><head><script src="/typical.js"></script></head><body><p>typical</p></body></html>',
      )
    }
    return send('text/html', blankPage)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

async function loadOnce(context: BrowserContext, url: string): Promise<LoadSample> {
  const page = await context.newPage()
  try {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    await page.goto(url, { waitUntil: 'load' })
    const loadMs = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType(
        'navigation',
      ) as PerformanceNavigationTiming[]
      return navigation?.loadEventStart ?? Number.NaN
    })
    const { metrics } = await cdp.send('Performance.getMetrics')
    const task = metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN
    await cdp.detach()
    return { loadMs, mainThreadMs: task * 1000 }
  } finally {
    await page.close()
  }
}

/**
 * Loads each page `runs` times with and without the extension, alternating (after 3 warm-up loads
 * each), in `walletContext` (the extension loaded) and in a Chromium of its own without it.
 */
export async function measurePageLoad(
  walletContext: BrowserContext,
  runs: number,
): Promise<PageLoadSamples> {
  const pages = await servePages()
  const plain = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumFlags],
  })
  const plainContext = await plain.newContext()
  try {
    const samples: PageLoadSamples = {
      blank: { wallet: [], plain: [] },
      typical: { wallet: [], plain: [] },
      inpageBytes: (await stat(`${extensionDirectory}/src/inpage/index.js`)).size,
      providerAtFirstScript: 'unknown',
    }
    for (const kind of ['blank', 'typical'] as const) {
      const url = `${pages.url}/${kind}`
      for (let warm = 0; warm < 3; warm += 1) {
        await loadOnce(walletContext, url)
        await loadOnce(plainContext, url)
      }
      for (let run = 0; run < runs; run += 1) {
        samples[kind].wallet.push(await loadOnce(walletContext, url))
        samples[kind].plain.push(await loadOnce(plainContext, url))
      }
    }
    const page = await walletContext.newPage()
    await page.goto(`${pages.url}/blank`, { waitUntil: 'load' })
    samples.providerAtFirstScript = await page.evaluate(
      () => (window as { __first?: string }).__first ?? 'not run',
    )
    await page.close()
    return samples
  } finally {
    await plainContext.close()
    await plain.close()
    await pages.close()
  }
}
