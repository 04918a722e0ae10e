import { createLastingPort, type LastingPortParameters, type RuntimePort } from './lastingPort.ts'

/** `chrome.runtime` as Chrome gives it to a page that `externally_connectable` matches. */
export type PageRuntime = {
  connect(...args: unknown[]): unknown
  readonly lastError?: unknown
}

/**
 * Makes the page's `chrome.runtime.connect(<Aperture's id>, connectInfo?)` return a lasting port
 * (`createLastingPort`): the page keeps one port across service-worker restarts. Connections to
 * any other extension go to Chrome unchanged.
 */
export function routeConnectsToLastingPorts(
  runtime: PageRuntime,
  extensionId: string,
  timing: Pick<LastingPortParameters, 'randomId' | 'now' | 'later'>,
): void {
  const connect = runtime.connect.bind(runtime)
  const open = (name: string): RuntimePort => {
    const port = connect(extensionId, { name }) as RuntimePort
    // Reading lastError marks it handled: a dropped port is expected and reconnected, not logged.
    port.onDisconnect.addListener(() => void runtime.lastError)
    return port
  }
  runtime.connect = (...args: unknown[]): unknown => {
    const [target, connectInfo] = args
    if (target !== extensionId) return connect(...args)
    const { name } = (connectInfo ?? {}) as { name?: unknown }
    return createLastingPort({ ...timing, open, name: typeof name === 'string' ? name : '' })
  }
}
