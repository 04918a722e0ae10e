/**
 * The CLI as a user (or a supervisor such as the e2e fixture) runs it: `tsx src/endpoint/cli.ts`,
 * what `npm run node` runs, as a child process in a process group of its own.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { findFreePort } from './findFreePort.ts'
import { endpointNodeFlags } from './nodeFlags.ts'
import type { ReadyLine } from './readyLine.ts'
import { isRunning } from './testSupport.ts'

const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url))
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url))

type Cli = {
  child: ChildProcess
  /** stdout lines so far. */
  lines: string[]
  /** stderr so far. */
  errors: () => string
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>
}

const started: ChildProcess[] = []

function runCli(args: string[]): Cli {
  const child = spawn(tsx, [...endpointNodeFlags, cli, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  })
  started.push(child)
  const lines: string[] = []
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr += chunk
  })
  if (child.stdout) createInterface({ input: child.stdout }).on('line', (line) => lines.push(line))
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code))
  })
  return { child, lines, errors: () => stderr, exited }
}

/** Waits until a stdout line matches, failing early with the output when the CLI exits. */
async function waitForLine(run: Cli, matches: (line: string) => boolean): Promise<string> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    const line = run.lines.find(matches)
    if (line !== undefined) return line
    if (run.child.exitCode !== null) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(
    `no matching line; stdout:\n${run.lines.join('\n')}\nstderr:\n${run.errors()}\nexit: ${run.child.exitCode}`,
  )
}

async function readyOf(run: Cli): Promise<ReadyLine> {
  return JSON.parse(await waitForLine(run, (line) => line.startsWith('{"event":"ready"')))
}

function anvilOf(ready: ReadyLine): NonNullable<ReadyLine['anvil']> {
  if (!ready.anvil) throw new Error(`no embedded anvil in ${JSON.stringify(ready)}`)
  return ready.anvil
}

async function chainIdAt(url: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
  })
  const body = (await response.json()) as { result: string }
  return body.result
}

afterEach(() => {
  // A failed test must not leave its CLI (or anvil) behind: the whole group goes.
  for (const child of started.splice(0)) {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) continue
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'ESRCH')) throw error
    }
  }
})

describe('npm run node', () => {
  it('starts the endpoint with the node flags every other launch uses', async () => {
    const manifest = JSON.parse(
      await readFile(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { scripts: Record<string, string> }
    expect(manifest.scripts.node).toBe(`tsx ${endpointNodeFlags.join(' ')} src/endpoint/cli.ts`)
  })

  it('gives the endpoint process its node flags (its initial old generation, its GC on one thread)', async () => {
    const run = runCli(['--port', '0', '--json', '--upstream', 'http://127.0.0.1:1'])
    await expect
      .poll(() => run.lines.some((line) => line.includes('"ready"')), { timeout: 20_000 })
      .toBe(true)
    const ready = JSON.parse(
      run.lines.find((line) => line.includes('"ready"')) as string,
    ) as ReadyLine
    const commandLine = await readFile(`/proc/${ready.pid}/cmdline`, 'utf8')
    for (const flag of endpointNodeFlags) expect(commandLine.split('\0')).toContain(flag)
  })
})

describe('npm run node (src/endpoint/cli.ts)', () => {
  it('with --port 0 --json announces the bound addresses and its anvil in one JSON line', async () => {
    const run = runCli(['--port', '0', '--json', '--log-level', 'silent'])
    const ready = await readyOf(run)

    const port = Number(new URL(ready.origin).port)
    expect(port).toBeGreaterThan(0)
    expect(ready).toEqual({
      event: 'ready',
      network: 'eip155',
      http: `http://127.0.0.1:${port}/v3/dev`,
      ws: `ws://127.0.0.1:${port}/ws/v3/dev`,
      origin: `http://127.0.0.1:${port}`,
      health: `http://127.0.0.1:${port}/healthz`,
      apiKeys: ['dev'],
      upstream: ready.anvil?.rpcUrl,
      anvil: {
        rpcUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        wsUrl: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+$/),
        chainId: 31337,
        pid: expect.any(Number),
      },
      pid: expect.any(Number),
    })
    expect(await chainIdAt(ready.http)).toBe('0x7a69')
    expect(await chainIdAt(anvilOf(ready).rpcUrl)).toBe('0x7a69')
    expect(run.lines).toHaveLength(1)
  })

  it('--chain-id sets the embedded anvil’s chain id, seen through the endpoint', async () => {
    const run = runCli(['--port', '0', '--json', '--chain-id', '1337', '--log-level', 'silent'])
    const ready = await readyOf(run)
    expect(ready.anvil?.chainId).toBe(1337)
    expect(await chainIdAt(ready.http)).toBe('0x539')
  })

  it('without --json the ready lines show the port actually bound and the chain id', async () => {
    const run = runCli(['--port', '0', '--chain-id', '1337', '--api-key', 'k1', '--api-key', 'k2'])
    await waitForLine(run, (line) => line.startsWith('  health'))
    const text = run.lines.filter((line) => !line.startsWith('{')).join('\n')
    expect(text).toMatch(/^Aperture node endpoint ready$/m)
    expect(text).toMatch(/^ {2}HTTP {6}http:\/\/127\.0\.0\.1:[1-9]\d*\/v3\/k1$/m)
    expect(text).toMatch(/^ {2}WS {8}ws:\/\/127\.0\.0\.1:[1-9]\d*\/ws\/v3\/k2$/m)
    expect(text).toMatch(
      /^ {2}upstream {2}embedded anvil http:\/\/127\.0\.0\.1:\d+ \(chain id 1337\)$/m,
    )
    expect(text).not.toContain(':0/')
  })

  it.each([
    ['the process the user started (tsx, as npm run node runs it)', 'wrapper'],
    ['the endpoint process itself (the ready line’s pid)', 'endpoint'],
  ] as const)('SIGTERM to %s stops the endpoint and its anvil', async (_name, target) => {
    const run = runCli(['--port', '0', '--json', '--log-level', 'silent'])
    const ready = await readyOf(run)
    const anvil = anvilOf(ready)
    const wrapperPid = run.child.pid ?? 0
    expect(isRunning(ready.pid)).toBe(true)
    expect(isRunning(anvil.pid)).toBe(true)

    process.kill(target === 'wrapper' ? wrapperPid : ready.pid, 'SIGTERM')
    await run.exited

    expect(isRunning(ready.pid)).toBe(false)
    // The endpoint stops its node before it exits; past its 5 s stop deadline its exit hook kills it.
    await expect.poll(() => isRunning(anvil.pid), { timeout: 5_000 }).toBe(false)
    await expect(chainIdAt(ready.http)).rejects.toThrow()
    await expect(chainIdAt(anvil.rpcUrl)).rejects.toThrow()
  })

  it('--stop-on-stdin-close stops the endpoint and its anvil when stdin closes', async () => {
    const run = runCli(['--port', '0', '--json', '--stop-on-stdin-close', '--log-level', 'silent'])
    const ready = await readyOf(run)
    run.child.stdin?.end()
    expect(await run.exited).toBe(0)
    expect(isRunning(ready.pid)).toBe(false)
    // The endpoint stops its node before it exits; past its 5 s stop deadline its exit hook kills it.
    await expect.poll(() => isRunning(anvilOf(ready).pid), { timeout: 5_000 }).toBe(false)
  })

  it('--log-sample 3 logs one successful call in three and every failed call', async () => {
    const run = runCli(['--port', '0', '--json', '--log-sample', '3'])
    const ready = await readyOf(run)
    for (let call = 0; call < 6; call++) await chainIdAt(ready.http)
    await fetch(ready.http, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
    })
    await waitForLine(run, (line) => line.includes('"method":"evm_mine"'))
    const calls = run.lines.filter((line) => line.includes('"msg":"rpc"'))
    expect(calls.filter((line) => line.includes('"method":"eth_chainId"'))).toHaveLength(2)
    expect(calls.filter((line) => line.includes('"status":-32601'))).toHaveLength(1)
  })

  it('--log-format text writes each call as one readable line, and --log-level warn none', async () => {
    const run = runCli(['--port', '0', '--json', '--log-format', 'text'])
    const ready = await readyOf(run)
    await chainIdAt(ready.http)
    const line = await waitForLine(run, (candidate) => candidate.includes(' rpc '))
    expect(line).toMatch(/^\d\d:\d\d:\d\d rpc http dev eth_chainId ok \d+(\.\d+)? ms$/)

    const quiet = runCli(['--port', '0', '--json', '--log-format', 'text', '--log-level', 'warn'])
    const quietReady = await readyOf(quiet)
    await chainIdAt(quietReady.http)
    await fetch(`${quietReady.origin}/nope`)
    // Its exit is the barrier: every line of the calls answered before it has been written.
    quiet.child.kill('SIGTERM')
    expect(await quiet.exited).toBe(0)
    expect(quiet.lines.filter((candidate) => !candidate.startsWith('{"event":"ready"'))).toEqual([])
  })

  it('refuses a --log-format other than json or text', async () => {
    const run = runCli(['--port', '0', '--log-format', 'pretty'])
    expect(await run.exited).toBe(1)
    expect(run.errors()).toContain('--log-format must be json or text')
  })

  it('refuses a --log-sample that is not a whole number of at least 1', async () => {
    const run = runCli(['--port', '0', '--log-sample', '0'])
    expect(await run.exited).toBe(1)
    expect(run.errors()).toContain('--log-sample must be a positive whole number')
  })

  it('refuses --chain-id with --upstream, as the chain is the upstream’s', async () => {
    const run = runCli(['--port', '0', '--chain-id', '1337', '--upstream', 'http://127.0.0.1:1'])
    expect(await run.exited).toBe(1)
    expect(run.errors()).toContain('--chain-id')
  })

  it('exits 1 with the reason when --redis names a Redis it cannot reach', async () => {
    const port = await findFreePort()
    const run = runCli(['--port', '0', '--redis', `redis://127.0.0.1:${port}`])
    expect(await run.exited).toBe(1)
    expect(run.errors()).toContain(`cannot connect to Redis at redis://127.0.0.1:${port}`)
  })

  it('exits 1 naming the problems of an invalid keys file', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'aperture-keys-'))
    try {
      const file = join(directory, 'keys.json')
      await writeFile(file, JSON.stringify({ keys: { k: { requestsPerSecond: -1 } } }))
      const run = runCli(['--port', '0', '--keys', file])
      expect(await run.exited).toBe(1)
      expect(run.errors()).toContain(`the keys file ${file} is not valid`)
      expect(run.errors()).toContain('keys."k"."requestsPerSecond": must be a number above 0')
    } finally {
      await rm(directory, { recursive: true, force: true })
    }
  })
})

describe('npm run node -- --network solana', () => {
  async function genesisHashAt(url: string): Promise<string> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"getGenesisHash"}',
    })
    return ((await response.json()) as { result: string }).result
  }

  function surfpoolOf(ready: ReadyLine): NonNullable<ReadyLine['surfpool']> {
    if (!ready.surfpool) throw new Error(`no embedded Surfpool in ${JSON.stringify(ready)}`)
    return ready.surfpool
  }

  it('announces the network and its embedded Surfpool, and stops Surfpool with it on SIGTERM', async () => {
    const run = runCli(['--network', 'solana', '--port', '0', '--json', '--log-level', 'silent'])
    const ready = await readyOf(run)
    const port = Number(new URL(ready.origin).port)
    expect(ready).toEqual({
      event: 'ready',
      network: 'solana',
      http: `http://127.0.0.1:${port}/v3/dev`,
      ws: `ws://127.0.0.1:${port}/ws/v3/dev`,
      origin: `http://127.0.0.1:${port}`,
      health: `http://127.0.0.1:${port}/healthz`,
      apiKeys: ['dev'],
      upstream: ready.surfpool?.rpcUrl,
      anvil: null,
      surfpool: {
        rpcUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        wsUrl: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+$/),
        pid: expect.any(Number),
      },
      pid: expect.any(Number),
    })
    const surfpool = surfpoolOf(ready)
    expect(await genesisHashAt(ready.http)).toBe(await genesisHashAt(surfpool.rpcUrl))

    process.kill(ready.pid, 'SIGTERM')
    await run.exited
    expect(isRunning(ready.pid)).toBe(false)
    // The endpoint stops its node before it exits; past its 5 s stop deadline its exit hook kills it.
    await expect.poll(() => isRunning(surfpool.pid), { timeout: 5_000 }).toBe(false)
  })

  it('leaves no anvil behind when the endpoint is killed outright', async () => {
    const run = runCli(['--port', '0', '--json', '--log-level', 'silent'])
    const ready = await readyOf(run)
    const anvil = anvilOf(ready)
    process.kill(ready.pid, 'SIGKILL')
    await expect.poll(() => isRunning(anvil.pid), { timeout: 10_000 }).toBe(false)
  })

  it('leaves no Surfpool behind when the endpoint is killed outright', async () => {
    const run = runCli(['--network', 'solana', '--port', '0', '--json', '--log-level', 'silent'])
    const ready = await readyOf(run)
    const surfpool = surfpoolOf(ready)
    process.kill(ready.pid, 'SIGKILL')
    await expect.poll(() => isRunning(surfpool.pid), { timeout: 10_000 }).toBe(false)
  })

  it('says which network it serves and its embedded Surfpool', async () => {
    const run = runCli(['--network', 'solana', '--port', '0', '--log-level', 'silent'])
    await waitForLine(run, (line) => line.startsWith('  health'))
    const text = run.lines.join('\n')
    expect(text).toMatch(/^ {2}network {3}solana$/m)
    expect(text).toMatch(/^ {2}HTTP {6}http:\/\/127\.0\.0\.1:[1-9]\d*\/v3\/dev$/m)
    expect(text).toMatch(/^ {2}upstream {2}embedded Surfpool http:\/\/127\.0\.0\.1:\d+ /m)
  })

  it('listens on 8899 by default (held here, so the CLI names it as taken)', async () => {
    // Port 8899 is held for the test (or by someone else already): either way the CLI's default
    // is proven by its refusal, and no other process on this machine loses its port to a test.
    const holder = createServer()
    await new Promise<void>((resolve) => {
      holder.once('error', () => resolve())
      holder.listen(8899, '127.0.0.1', () => resolve())
    })
    try {
      const run = runCli(['--network', 'solana', '--json', '--log-level', 'silent'])
      // Another process may let 8899 go between the hold and the CLI's listen: then the CLI gets it,
      // and its ready line proves the default as well as the refusal would.
      const outcome = await Promise.race([
        run.exited.then((code) => ({ code })),
        readyOf(run).then((ready) => ({ ready })),
      ])
      if ('ready' in outcome) {
        expect(new URL(outcome.ready.origin).port).toBe('8899')
      } else {
        expect(outcome.code).toBe(1)
        expect(run.errors()).toContain('127.0.0.1:8899')
      }
    } finally {
      holder.close()
    }
  })

  it('refuses an unknown --network and --chain-id with Solana', async () => {
    const unknown = runCli(['--port', '0', '--network', 'bitcoin'])
    expect(await unknown.exited).toBe(1)
    expect(unknown.errors()).toContain('--network must be one of eip155, solana')
    const chainId = runCli(['--port', '0', '--network', 'solana', '--chain-id', '5'])
    expect(await chainId.exited).toBe(1)
    expect(chainId.errors()).toContain('--chain-id')
  })
})
