import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { superviseChild } from './superviseChild.ts'
import type { SurfpoolConfig, SurfpoolReady } from './surfpoolNode.ts'

export type RunningSurfpool = {
  rpcUrl: string
  wsUrl: string
  /** Its process id: supervisors and tests check with it that the node is gone after a stop. */
  pid: number
  /** Stops the node (SIGTERM, then SIGKILL after 3 s) and waits for its process. Safe to call twice. */
  stop(): Promise<void>
}

const script = fileURLToPath(new URL('./surfpoolNode.ts', import.meta.url))

/**
 * Starts Surfpool, the local Solana node of `@solana/surfpool-linux-x64-gnu`, in a process of its
 * own (`surfpoolNode.ts`) on free loopback ports, offline, with a random genesis hash, and resolves
 * with its addresses once it serves. Stopped by `stop()`, when this process exits, or — its stdin
 * being a pipe from this process — when this process dies.
 *
 * @example
 * const surfpool = await startSurfpool()
 * await fetch(surfpool.rpcUrl, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"getHealth"}' })
 * await surfpool.stop()
 */
export async function startSurfpool(
  options: { readyTimeoutMs?: number } & SurfpoolConfig = {},
): Promise<RunningSurfpool> {
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  const config: SurfpoolConfig = { slotTimeMs: options.slotTimeMs }
  const child = spawn(process.execPath, ['--import', loader, script, JSON.stringify(config)], {
    stdio: ['pipe', 'pipe', 'pipe'],
    // Its own process group: a signal to the endpoint's group (a supervisor stopping it) must not
    // stop the node under calls still being answered; the endpoint stops it after its server.
    detached: true,
  })
  const { exited, stop } = superviseChild(child)
  let output = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    output = (output + chunk).slice(-4000)
  })
  const timeoutMs = options.readyTimeoutMs ?? 30_000
  let timer: NodeJS.Timeout | undefined
  try {
    const ready = await Promise.race([
      new Promise<SurfpoolReady>((resolve) => {
        if (!child.stdout) return
        createInterface({ input: child.stdout }).on('line', (line) => {
          if (line.startsWith('{"event":"surfpool-ready"'))
            resolve(JSON.parse(line) as SurfpoolReady)
        })
      }),
      new Promise<never>((_resolve, reject) => child.once('error', reject)),
      exited.then(() => {
        throw new Error(`Surfpool exited before serving: ${output.trim() || 'no output'}`)
      }),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Surfpool did not start within ${timeoutMs} ms`)),
          timeoutMs,
        )
      }),
    ])
    if (child.pid === undefined) throw new Error('Surfpool started but has no process id')
    return { rpcUrl: ready.rpcUrl, wsUrl: ready.wsUrl, pid: child.pid, stop }
  } catch (error) {
    await stop()
    throw error
  } finally {
    clearTimeout(timer)
  }
}
