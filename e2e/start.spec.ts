/**
 * `npm start` as a user runs it (scripts/start.ts, headless, on free ports, onboarded so the popup
 * stays open on Home and polls balances every 2 s): its terminal keeps the banner readable — no line
 * per request unless asked with --log-requests, and then one readable line each.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'

const repositoryRoot = fileURLToPath(new URL('../', import.meta.url))
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url))

type StartRun = {
  /** Lines on stdout so far. */
  lines: string[]
  /** Resolves with the first line that matches; rejects when start exits first. */
  waitForLine(matches: (line: string) => boolean): Promise<string>
  /** SIGTERM, then its exit: every line it wrote is in `lines` afterwards. */
  stop(): Promise<void>
}

const running = new Set<ChildProcess>()

// Each test starts the whole product (anvil, Surfpool, the endpoint, Chromium, a PBKDF2 onboarding):
// at load 24 on two cores that alone took more than the default 90 s.
test.describe.configure({ timeout: 180_000 })

test.afterEach(() => {
  // A test that failed half-way: its start and all it started go (one process group).
  for (const child of running) if (child.pid) process.kill(-child.pid, 'SIGKILL')
  running.clear()
})

function npmStart(args: string[]): StartRun {
  const child = spawn(
    tsx,
    ['scripts/start.ts', '--headless', '--no-build', '--port', '0', '--onboard', ...args],
    { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'inherit'], detached: true },
  )
  running.add(child)
  const lines: string[] = []
  const waiters = new Set<() => void>()
  if (!child.stdout) throw new Error('npm start has no stdout pipe')
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line)
    for (const wake of waiters) wake()
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    lines,
    waitForLine: (matches) =>
      new Promise((resolve, reject) => {
        const look = () => {
          const line = lines.find(matches)
          if (line === undefined) return
          waiters.delete(look)
          resolve(line)
        }
        waiters.add(look)
        look()
        void exited.then(() =>
          reject(new Error(`npm start exited; it wrote:\n${lines.join('\n')}`)),
        )
      }),
    async stop() {
      child.kill('SIGTERM')
      await exited
      running.delete(child)
    },
  }
}

/** The endpoint's HTTP address from the banner. */
function endpointUrl(lines: string[]): string {
  const line = lines.find((candidate) => candidate.trim().startsWith('node endpoint'))
  const url = line?.match(/http:\/\/\S+/)?.[0]
  if (!url) throw new Error(`no endpoint address in the banner:\n${lines.join('\n')}`)
  return url
}

async function blockNumberAt(url: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}',
  })
  expect(response.status).toBe(200)
}

test('npm start prints no line per request by default, with the popup polling', async () => {
  const start = npmStart([])
  await start.waitForLine((line) => line === 'Press Ctrl-C to stop.')
  const bannerEnd = start.lines.length
  // The popup's balance polls (every 2 s) and calls of our own reach the endpoint meanwhile.
  for (let call = 0; call < 5; call++) await blockNumberAt(endpointUrl(start.lines))
  await new Promise((resolve) => setTimeout(resolve, 4500))
  await start.stop()
  const after = start.lines.slice(bannerEnd).filter((line) => line.trim() !== '')
  expect(after).toEqual(['Stopping (SIGTERM)…'])
})

test('npm start -- --log-requests prints one readable line per request', async () => {
  const start = npmStart(['--log-requests'])
  await start.waitForLine((line) => line === 'Press Ctrl-C to stop.')
  await blockNumberAt(endpointUrl(start.lines))
  const ours = await start.waitForLine((line) => / rpc http dev eth_blockNumber /.test(line))
  expect(ours).toMatch(/^\d\d:\d\d:\d\d rpc http dev eth_blockNumber ok \d+(\.\d+)? ms$/)
  // The popup's Home polls the balance of the first account.
  await start.waitForLine((line) => / rpc http dev eth_getBalance ok /.test(line))
  await start.stop()
  expect(start.lines.filter((line) => line.startsWith('{'))).toEqual([])
})

test('npm start runs the Solana endpoint beside the EVM one, with its embedded Surfpool', async () => {
  const start = npmStart([])
  await start.waitForLine((line) => line === 'Press Ctrl-C to stop.')
  const line = start.lines.find((candidate) => candidate.trim().startsWith('solana endpoint'))
  const url = line?.match(/http:\/\/\S+/)?.[0]
  if (!url) throw new Error(`no Solana endpoint in the banner:\n${start.lines.join('\n')}`)
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"jsonrpc":"2.0","id":1,"method":"getGenesisHash"}',
  })
  expect(((await response.json()) as { result: unknown }).result).toEqual(expect.any(String))
  expect(start.lines.some((candidate) => /embedded Surfpool http:/.test(candidate))).toBe(true)
  await start.stop()
})
