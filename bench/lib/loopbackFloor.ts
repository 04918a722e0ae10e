/**
 * The floor of one more process in a call's path on this machine, measured directly: a round trip
 * of a small message between this process and another over loopback TCP (`loopbackPeer.ts echo`),
 * and the same through a third process that only relays the bytes (`loopbackPeer.ts relay`). What
 * the relay adds is what any proxy costs before it does any work of its own: two more socket
 * writes, each waking a process that may sit on the other core (on a VM, an idle virtual CPU
 * halts and its wake-up goes through the hypervisor).
 */
import { spawn } from 'node:child_process'
import { connect, type Socket } from 'node:net'
import { cpuMs } from './cpu.ts'
import { type LatencyResult, percentile } from './measure.ts'

export type LoopbackFloor = {
  /** Round trip between two processes. */
  direct: LatencyResult
  /** Round trip through the relaying process. */
  relayed: LatencyResult
  /** CPU ms the relaying process spends per round trip. */
  relayCpuMs: number
}

type Peer = { port: number; pid: number; stop(): void }

function startPeer(args: string[]): Promise<Peer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/loopbackPeer.ts', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /PORT (\d+)/.exec(output)
      if (match?.[1]) {
        resolve({ port: Number(match[1]), pid: child.pid as number, stop: () => child.kill() })
      }
    })
    child.once('exit', (code) => reject(new Error(`loopbackPeer.ts exited with ${code}`)))
  })
}

const connectTo = (port: number): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket))
    socket.setNoDelay(true)
    socket.once('error', reject)
  })

/** A JSON-RPC call's size: the round trip carries as many bytes as a `getBalance` does. */
const message = Buffer.alloc(150, 0x61)

const roundTrip = (socket: Socket): Promise<void> =>
  new Promise((resolve) => {
    let received = 0
    const onData = (bytes: Buffer) => {
      received += bytes.length
      if (received < message.length) return
      socket.off('data', onData)
      resolve()
    }
    socket.on('data', onData)
    socket.write(message)
  })

/** Round trips direct and through the relay, alternating one by one, after `warmup` of each. */
export async function measureLoopbackFloor(
  iterations: number,
  warmup: number,
): Promise<LoopbackFloor> {
  const echo = await startPeer(['echo'])
  const relay = await startPeer(['relay', String(echo.port)]).catch((error: unknown) => {
    echo.stop()
    throw error
  })
  const sockets: Socket[] = []
  try {
    const direct = await connectTo(echo.port)
    const relayed = await connectTo(relay.port)
    sockets.push(direct, relayed)
    for (let i = 0; i < warmup; i++) {
      await roundTrip(direct)
      await roundTrip(relayed)
    }
    const samples: [number[], number[]] = [[], []]
    let relayCpu = -(await cpuMs([relay.pid]))
    for (let i = 0; i < iterations; i++) {
      for (const [index, socket] of [direct, relayed].entries()) {
        const started = performance.now()
        await roundTrip(socket)
        samples[index]?.push(performance.now() - started)
      }
    }
    relayCpu += await cpuMs([relay.pid])
    const [directSamples, relayedSamples] = samples.map((values) => ({
      p50: percentile(values, 50),
      p95: percentile(values, 95),
      samples: values.length,
    })) as [LatencyResult, LatencyResult]
    return { direct: directSamples, relayed: relayedSamples, relayCpuMs: relayCpu / iterations }
  } finally {
    for (const socket of sockets) socket.destroy()
    relay.stop()
    echo.stop()
  }
}
