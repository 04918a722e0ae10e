import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findFreePort } from '../findFreePort.ts'
import { isPortReachable } from '../isPortReachable.ts'

export type RunningRedis = {
  /** `redis://127.0.0.1:<port>` */
  url: string
  port: number
  /** Stops the server (SIGTERM: it writes its append-only file first). */
  stop(): Promise<void>
  /** Starts it again on the same port and data directory (what it had written is back). */
  restart(): Promise<void>
  /** Stops it for good and deletes its data directory. */
  close(): Promise<void>
}

/**
 * Debian's `redis-server` on a free loopback port, for tests and benchmarks: no RDB snapshots, an
 * append-only file in a temporary directory (so a restart keeps what it had), stopped on `close()`.
 */
export async function startRedisServer(): Promise<RunningRedis> {
  const port = await findFreePort()
  const directory = await mkdtemp(join(tmpdir(), 'aperture-redis-'))
  let child: ChildProcess | undefined

  const start = async () => {
    const server = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        directory,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--loglevel',
        'warning',
      ],
      { stdio: 'ignore' },
    )
    child = server
    const exited = new Promise<never>((_, reject) =>
      server.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`))),
    )
    exited.catch(() => undefined)
    for (let attempt = 0; attempt < 250; attempt++) {
      if (await Promise.race([isPortReachable(port), exited])) return
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    server.kill('SIGKILL')
    throw new Error('redis-server did not start')
  }

  const stop = async () => {
    const process = child
    child = undefined
    if (!process || process.exitCode !== null) return
    const exited = new Promise((resolve) => process.once('exit', resolve))
    process.kill('SIGTERM')
    await exited
  }

  await start()
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    restart: start,
    async close() {
      await stop()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
