import type { ChildProcess } from 'node:child_process'

export type SupervisedChild = {
  /** Resolves once the child has exited. */
  exited: Promise<void>
  /** SIGTERM, then SIGKILL after 3 s; resolves once the child is gone. Safe to call twice. */
  stop(): Promise<void>
}

const running = new Set<ChildProcess>()
let exitHookInstalled = false

/**
 * Keeps an embedded node's process (anvil, Surfpool) from outliving this one: it is killed when
 * this process exits, even when it crashes, and `stop()` ends it for good.
 */
export function superviseChild(child: ChildProcess): SupervisedChild {
  if (!exitHookInstalled) {
    exitHookInstalled = true
    process.once('exit', () => {
      for (const each of running) each.kill('SIGKILL')
    })
  }
  running.add(child)
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      running.delete(child)
      resolve()
    })
  })
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), 3000)
    await exited
    clearTimeout(killer)
  }
  return { exited, stop }
}
