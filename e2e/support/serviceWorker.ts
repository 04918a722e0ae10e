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
  /** The running worker's JavaScript heap in use, in bytes, right after a full garbage collection. */
  heapUsed(): Promise<number>
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
    async heapUsed() {
      // The worker is a target of its own: attached through the page's session, spoken to by
      // messages (Playwright's sessions are per page), one command at a time.
      const { targetInfos } = (await cdp.send('Target.getTargets')) as {
        targetInfos: Array<{ targetId: string; type: string; url: string }>
      }
      const target = targetInfos.find(
        (info) => info.type === 'service_worker' && info.url.startsWith(prefix),
      )
      if (!target) throw new Error(`no service worker target of ${prefix}`)
      const { sessionId } = (await cdp.send('Target.attachToTarget', {
        targetId: target.targetId,
        flatten: false,
      })) as { sessionId: string }
      let nextId = 0
      const command = (method: string): Promise<Record<string, unknown>> =>
        new Promise((resolve) => {
          const id = ++nextId
          const onMessage = (event: { sessionId: string; message: string }) => {
            const message = JSON.parse(event.message) as { id?: number; result?: object }
            if (event.sessionId !== sessionId || message.id !== id) return
            cdp.off('Target.receivedMessageFromTarget', onMessage)
            resolve((message.result ?? {}) as Record<string, unknown>)
          }
          cdp.on('Target.receivedMessageFromTarget', onMessage)
          void cdp.send('Target.sendMessageToTarget', {
            sessionId,
            message: JSON.stringify({ id, method }),
          })
        })
      try {
        await command('HeapProfiler.collectGarbage')
        const { usedSize } = (await command('Runtime.getHeapUsage')) as { usedSize: number }
        return usedSize
      } finally {
        await cdp.send('Target.detachFromTarget', { sessionId })
      }
    },
    async dispose() {
      await cdp.detach()
    },
  }
}
