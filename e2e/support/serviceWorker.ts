import type { CDPSession, Page } from '@playwright/test'

type WorkerVersion = {
  versionId: string
  scriptURL: string
  runningStatus: 'stopped' | 'starting' | 'running' | 'stopping'
}

export type WorkerControl = {
  /** Stops the extension's service worker (as Chromium does when it is idle) and waits until it is. */
  stop(): Promise<void>
  /** How often `stop()` found the worker running and stopped it. */
  readonly stops: number
  dispose(): Promise<void>
}

/**
 * Controls the extension's service worker through the DevTools protocol of a page: `ServiceWorker`
 * events name every worker version, `ServiceWorker.stopWorker` stops one. This is the MV3 worker's
 * ordinary fate (Chromium stops idle workers), made to happen at a chosen moment.
 */
export async function controlServiceWorker(
  page: Page,
  extensionId: string,
): Promise<WorkerControl> {
  const prefix = `chrome-extension://${extensionId}/`
  const cdp: CDPSession = await page.context().newCDPSession(page)
  const versions = new Map<string, WorkerVersion>()
  const waiters = new Set<() => void>()
  cdp.on('ServiceWorker.workerVersionUpdated', (event: { versions: WorkerVersion[] }) => {
    for (const version of event.versions) {
      if (version.scriptURL.startsWith(prefix)) versions.set(version.versionId, version)
    }
    for (const wake of waiters) wake()
  })
  await cdp.send('ServiceWorker.enable')

  const until = (condition: () => boolean, what: string): Promise<void> =>
    new Promise((resolve, reject) => {
      if (condition()) return resolve()
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`service worker of ${prefix}: timed out waiting until ${what}`))
      }, 15_000)
      const check = () => {
        if (!condition()) return
        clearTimeout(timer)
        waiters.delete(check)
        resolve()
      }
      waiters.add(check)
    })

  const running = () => [...versions.values()].find((v) => v.runningStatus === 'running')
  let stops = 0
  return {
    get stops() {
      return stops
    },
    async stop() {
      await until(() => running() !== undefined, 'a version is running')
      const version = running()
      if (!version) throw new Error('no running service worker version')
      await cdp.send('ServiceWorker.stopWorker', { versionId: version.versionId })
      await until(
        () => versions.get(version.versionId)?.runningStatus === 'stopped',
        `version ${version.versionId} is stopped`,
      )
      stops += 1
    },
    async dispose() {
      await cdp.detach()
    },
  }
}
