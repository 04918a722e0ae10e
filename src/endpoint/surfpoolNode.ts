/**
 * The embedded Solana node's own process (`startSurfpool.ts` runs it): starts Surfpool's `Surfnet`
 * (an N-API addon serving HTTP and WebSocket JSON-RPC on free loopback ports), prints its addresses
 * as one JSON line, and stops it when told (SIGTERM, SIGINT) or when its parent goes away (stdin
 * ends). Its own process, so the endpoint can stop it for good and a crash of one is not the other's.
 */
import { createRequire } from 'node:module'

/** What the addon's `Surfnet.startWithConfig()` gives (the parts used here). */
type Surfnet = { rpcUrl: string; wsUrl: string; drainEvents(): unknown[]; stop(): void }

/** How often the node's event queue is emptied (it holds ~1,000; a block or a transaction adds one or a few). */
const drainEveryMs = 50

/**
 * The addon's options this process passes on, as one JSON argument: `slotTimeMs` sets how often a
 * block is made (the addon's own default makes one every few tens of milliseconds).
 */
export type SurfpoolConfig = { slotTimeMs?: number }

/** The line this process prints once the node answers. */
export type SurfpoolReady = { event: 'surfpool-ready'; rpcUrl: string; wsUrl: string }

const addon = `@solana/surfpool-${process.platform}-${process.arch}-gnu`
let surfnet: Surfnet
try {
  const config = JSON.parse(process.argv[2] ?? '{}') as SurfpoolConfig
  const { Surfnet } = createRequire(import.meta.url)(addon) as {
    Surfnet: { start(): Surfnet; startWithConfig(config: object): Surfnet }
  }
  surfnet =
    config.slotTimeMs === undefined
      ? Surfnet.start()
      : Surfnet.startWithConfig({ blockProductionMode: 'clock', slotTimeMs: config.slotTimeMs })
} catch (error) {
  console.error(`Surfpool could not start (${addon}): ${(error as Error).message}`)
  process.exit(1)
}
// The node queues an event per block and per transaction for its host to drain, in a queue of ~1,000;
// once it is full the node stops answering for good (after ~1,000 blocks: 80 s at its default
// clock). Nothing here reads the events: they are drained and dropped.
setInterval(() => surfnet.drainEvents(), drainEveryMs)

const ready: SurfpoolReady = {
  event: 'surfpool-ready',
  rpcUrl: surfnet.rpcUrl,
  wsUrl: surfnet.wsUrl,
}
process.stdout.write(`${JSON.stringify(ready)}\n`)

let stopping = false
const stop = () => {
  if (stopping) return
  stopping = true
  surfnet.stop()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
// The parent holds stdin open: when it ends (the parent exited, even killed), so does the node.
process.stdin.on('end', stop)
process.stdin.on('error', stop)
process.stdin.resume()
