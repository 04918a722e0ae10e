import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BrowserContext, chromium, type Worker } from '@playwright/test'

/**
 * The unpacked extension: `APERTURE_EXTENSION_DIR` (a build of one's own, `npx vite build --outDir
 * DIR`, so a rebuild of `extension/` cannot disturb a run), else what `npm run build` writes.
 */
export const extensionDirectory: string =
  process.env.APERTURE_EXTENSION_DIR ?? fileURLToPath(new URL('../../extension/', import.meta.url))

/** Chromium to drive: `CHROMIUM_PATH`, else the distribution's `/usr/bin/chromium`. */
export const chromiumPath: string = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Flags for a quiet, reproducible Chromium in containers and CI. */
export const chromiumFlags: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** Chromium's flags for `LaunchWalletOptions.loopbackSites`. */
const loopbackSiteFlags = ({
  hosts,
  port,
}: {
  hosts: readonly string[]
  port: number
}): string[] => [
  `--host-resolver-rules=${hosts.map((host) => `MAP ${host} 127.0.0.1`).join(',')}`,
  `--unsafely-treat-insecure-origin-as-secure=${hosts.map((host) => `http://${host}:${port}`).join(',')}`,
]

/** Whether this machine can show a window (X11 or Wayland). */
export const hasDisplay = (): boolean => Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY)

export type LaunchWalletOptions = {
  /** Default: true. Forced on when there is no display. */
  headless?: boolean
  /** Default: the built `extension/`. */
  extensionPath?: string
  /** Default: a fresh temporary profile, removed on `close()`. */
  userDataDir?: string
  /** Unpacked extensions loaded beside the wallet (the benchmark's relay floor, `bench/relayFloor.ts`). */
  alsoLoad?: readonly string[]
  /**
   * Sites served on loopback under other names (a dapp served as a listed phishing host): the
   * browser resolves `hosts` to 127.0.0.1 and treats `http://<host>:<port>` as a secure context, as
   * the real https site would be (the wallet's providers exist only in secure contexts).
   */
  loopbackSites?: { hosts: readonly string[]; port: number }
  /**
   * The size every page of the context is laid out at. Default: 1280 × 900, the e2e suite's fixed
   * size, which Playwright applies to the wallet's windows too (a 400 × 600 popup is then laid out,
   * rastered and painted at 1280 × 900). `null`: each window at its own size, as in a user's
   * browser (`npm start`, `bench/windows.ts`).
   */
  viewport?: { width: number; height: number } | null
}

export type LaunchedWallet = {
  context: BrowserContext
  /** The extension's id, read from its service worker's URL. */
  extensionId: string
  /** `chrome-extension://<id>/<action.default_popup>`. */
  popupUrl: string
  /** `chrome-extension://<id>/`: every extension page (popup, approval window) starts with it. */
  extensionOrigin: string
  /** Closes Chromium and removes a temporary profile. */
  close(): Promise<void>
}

/**
 * Launches Chromium with the extension loaded (a persistent context: extensions need one) and
 * waits for its service worker, which gives the extension id. One implementation for the e2e
 * fixture, `npm start` and the benchmark.
 */
export async function launchWallet(options: LaunchWalletOptions = {}): Promise<LaunchedWallet> {
  const extensionPath = resolve(options.extensionPath ?? extensionDirectory)
  const manifest = await readManifest(extensionPath)
  const temporaryProfile = options.userDataDir === undefined
  const userDataDir = options.userDataDir ?? (await mkdtemp(join(tmpdir(), 'aperture-profile-')))
  const headless = (options.headless ?? true) || !hasDisplay()
  const extensions = (options.alsoLoad ?? []).map((path) => resolve(path))

  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless,
    args: [
      ...chromiumFlags,
      `--disable-extensions-except=${[extensionPath, ...extensions].join(',')}`,
      `--load-extension=${[extensionPath, ...extensions].join(',')}`,
      ...(options.loopbackSites ? loopbackSiteFlags(options.loopbackSites) : []),
    ],
    viewport: options.viewport === undefined ? { width: 1280, height: 900 } : options.viewport,
  })
  try {
    const worker = await extensionWorker(context, manifest.background.service_worker)
    recordWorkerConsole(context, worker)
    const extensionId = new URL(worker.url()).host
    const extensionOrigin = `chrome-extension://${extensionId}/`
    return {
      context,
      extensionId,
      extensionOrigin,
      popupUrl: `${extensionOrigin}${manifest.action.default_popup}`,
      close: async () => {
        await context.close()
        if (temporaryProfile) await rm(userDataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await context.close()
    throw error
  }
}

/** How many of the worker's latest console lines are kept for a failure's message. */
const keptConsoleLines = 100

/** Per browser, the latest lines its wallet's service worker wrote to its console. */
const workerConsoles = new WeakMap<BrowserContext, string[]>()

/**
 * The latest lines (at most `keptConsoleLines`, timed) the wallet's service worker of `context`
 * wrote to its console: what a failure's message shows of what the worker was doing.
 */
export const workerConsoleOf = (context: BrowserContext): readonly string[] =>
  workerConsoles.get(context) ?? []

function recordWorkerConsole(context: BrowserContext, worker: Worker): void {
  const lines: string[] = []
  workerConsoles.set(context, lines)
  worker.on('console', (message) => {
    lines.push(`${new Date().toISOString()} ${message.type()}: ${message.text()}`)
    if (lines.length > keptConsoleLines) lines.shift()
  })
}

type BuiltManifest = { action: { default_popup: string }; background: { service_worker: string } }

async function readManifest(extensionPath: string): Promise<BuiltManifest> {
  const text = await readFile(join(extensionPath, 'manifest.json'), 'utf8').catch(
    (error: unknown) => {
      throw new Error(
        `No built extension at ${extensionPath} (run \`npm run build\` first): ${String(error)}`,
      )
    },
  )
  return JSON.parse(text) as BuiltManifest
}

/** The wallet's service worker (`script`, its manifest's), among those of every loaded extension. */
async function extensionWorker(context: BrowserContext, script: string): Promise<Worker> {
  const isExtension = (worker: Worker) =>
    worker.url().startsWith('chrome-extension://') &&
    new URL(worker.url()).pathname === `/${script}`
  const running = context.serviceWorkers().find(isExtension)
  if (running) return running
  return context.waitForEvent('serviceworker', { predicate: isExtension, timeout: 30_000 })
}
