/**
 * The endpoint against its peer (issue 31): HAProxy in HTTP mode with keep-alive, relaying to the
 * same node and doing nothing else, measured in the same alternating rounds as the endpoint and
 * the node direct. Shared by `bench/node.ts` and `bench/solana.ts`.
 */
import { startHaproxy } from '../../src/endpoint/spawnEndpoint.ts'
import {
  alternatingThroughput,
  type BenchProcess,
  concurrency,
  cpuLine,
  format,
  type RoundsResult,
} from './endpointBench.ts'
import {
  type HttpPoster,
  type LatencyResult,
  measureAlternatingLatency,
  measureThroughput,
} from './measure.ts'

/** HAProxy relaying to the node at `nodeUrl` (no health check: a node has no `/healthz`). */
export async function startHaproxyRelay(nodeUrl: string): Promise<BenchProcess> {
  const node = new URL(nodeUrl)
  const haproxy = await startHaproxy([node.origin], { healthCheck: false })
  return {
    httpUrl: `${haproxy.origin}${node.pathname}`,
    pid: haproxy.pid,
    stop: () => void haproxy.close(),
  }
}

/**
 * What a floor leaves out: a bare relay reads nothing of what it relays (`relay`); a JSON-RPC
 * floor parses each call and the node's answer and serves identical calls in flight once, the
 * least an endpoint that reads the calls it relays does (`json`, `bareProxy.ts json`); a server
 * answering from memory goes nowhere upstream (`memory`, `bareProxy.ts fixed` and `json-fixed`),
 * the most a node:http server can serve of one read.
 */
export type FloorKind = 'relay' | 'json' | 'memory'

const floorKinds: Record<FloorKind, string> = {
  relay: 'node:http floor',
  json: 'JSON-RPC floor',
  memory: 'answer from memory',
}

/** A server measured, by the name the report gives it; a floor says its kind (a relay by default). */
export type PeerSide = { name: string; poster: HttpPoster; pid: number; kind?: FloorKind }

/**
 * The three ways, and the floors measured in the same rounds (`bareProxy.ts`): bare Node.js relays
 * (no key, no parsing, no checks, no metrics), the least any Node.js endpoint costs, and a JSON-RPC
 * floor, the least one that reads each call costs.
 */
export type PeerSides = {
  direct: PeerSide
  haproxy: PeerSide
  endpoint: PeerSide
  floors?: readonly PeerSide[]
  /**
   * Floors of the same-read row only: a bare node:http server answering that read's bytes from
   * memory (`bareProxy.ts fixed`), without a lookup or an upstream: the most any endpoint on
   * node:http's server can serve there; and one that parses each call and answers the read's
   * result under its id (`json-fixed`). Both of kind `memory`.
   */
  sameReadFloors?: readonly PeerSide[]
}

export type PeerComparisonParameters = {
  sides: PeerSides
  /** Reads of distinct accounts, sent in turn: no two in flight are the same. */
  distinctReads: readonly string[]
  /** One read asked by every client at once (the endpoint's shared reads). */
  sameRead: string
  latencyIterations: number
  latencyWarmup: number
  throughputMs: number
  rounds: number
  /** Load on the endpoint before the rounds (its hot path compiles meanwhile); a quarter on the others. */
  warmupMs: number
  /** Processes whose CPU per request is reported (the node, the endpoint, HAProxy, the client). */
  pids: Record<string, number>
}

export type PeerFigures = {
  /** Direct, HAProxy, endpoint, then the floors, one call at a time. */
  latency: LatencyResult[]
  /** Direct, HAProxy, endpoint, then the floors at concurrency 32, distinct reads. */
  distinct: RoundsResult[]
  /** HAProxy, endpoint, the floors, then the same-read floors at concurrency 32, the same read. */
  same: RoundsResult[]
}

const order = (sides: PeerSides): PeerSide[] => [
  sides.direct,
  sides.haproxy,
  sides.endpoint,
  ...(sides.floors ?? []),
]

/** The sides of the same-read row: all but the node direct, then the same-read floors. */
const sameReadOrder = (sides: PeerSides): PeerSide[] => [
  ...order(sides).slice(1),
  ...(sides.sameReadFloors ?? []),
]

/**
 * Measures the endpoint, HAProxy and the node direct on the same node (and the floors), every way
 * alternating call by call (one at a time) and round by round (concurrency 32), so that other load
 * on the machine weighs on each alike.
 */
export async function compareWithPeer(parameters: PeerComparisonParameters): Promise<PeerFigures> {
  const { sides, distinctReads, sameRead, throughputMs, rounds, pids } = parameters
  const all = order(sides)
  // The endpoint's hot path needs the whole warm-up (V8 compiles it); the others a quarter.
  for (const { poster } of all) {
    const ms = poster === sides.endpoint.poster ? parameters.warmupMs : parameters.warmupMs / 4
    await measureThroughput(poster, distinctReads, concurrency, ms)
  }
  for (const { poster } of sides.sameReadFloors ?? []) {
    await measureThroughput(poster, sameRead, concurrency, parameters.warmupMs / 4)
  }
  const latency = await measureAlternatingLatency(
    all.map(({ poster }) => poster),
    distinctReads,
    parameters.latencyIterations,
    parameters.latencyWarmup,
  )
  const distinct = await alternatingThroughput(
    all.map(({ poster }) => poster),
    distinctReads,
    throughputMs,
    rounds,
    pids,
  )
  const same = await alternatingThroughput(
    sameReadOrder(sides).map(({ poster }) => poster),
    sameRead,
    throughputMs,
    rounds,
    pids,
  )
  return { latency, distinct, same }
}

const verdict = (met: boolean): string => (met ? 'met' : 'NOT met')

/** A target over HAProxy's figure: at most (latency) or at least (throughput) `bound`. */
type Target = { bound: number; atMost: boolean }

/**
 * Where a target stands against the best floor of each kind in the same rounds (issue 31: the
 * front stays on node:http, docs/endpoint.md): whether that floor itself meets the target, and the
 * endpoint's figure over the floor's, so a target beyond every floor is read against the floor.
 * `ratios` are each floor's figure over HAProxy's, in the order of `floors`.
 */
function floorLines(
  target: Target,
  floors: readonly PeerSide[],
  ratios: readonly number[],
  endpointRatio: number,
): string[] {
  const best = new Map<FloorKind, { name: string; ratio: number }>()
  for (const [index, { name, kind = 'relay' }] of floors.entries()) {
    const ratio = ratios[index] ?? Number.NaN
    if (Number.isNaN(ratio)) continue
    const kept = best.get(kind)
    const better = kept === undefined || (target.atMost ? ratio < kept.ratio : ratio > kept.ratio)
    if (better) best.set(kind, { name, ratio })
  }
  return [...best].map(([kind, floor]) => {
    const floorMeets = target.atMost ? floor.ratio <= target.bound : floor.ratio >= target.bound
    return `  against the best ${floorKinds[kind]} (${floor.name} ${format(floor.ratio, 2)}×): the target is ${floorMeets ? 'within' : 'beyond'} it; endpoint / floor ${format(endpointRatio / floor.ratio, 2)}×`
  })
}

/** Issue 31's targets over HAProxy: added latency one at a time, throughput, the same read. */
const latencyTarget: Target = { bound: 1.5, atMost: true }
const throughputTarget: Target = { bound: 1, atMost: false }
const sameReadTarget: Target = { bound: 1.5, atMost: false }

/** Prints the figures of `compareWithPeer` with the verdicts. */
export function printPeerComparison(
  title: string,
  sides: PeerSides,
  figures: PeerFigures,
  parameters: Pick<PeerComparisonParameters, 'latencyIterations' | 'throughputMs' | 'rounds'>,
): void {
  const [direct, haproxy, endpoint] = figures.latency as [
    LatencyResult,
    LatencyResult,
    LatencyResult,
  ]
  const names = order(sides).map(({ name }) => name)
  const width = Math.max(...names.map((name) => name.length))
  /**
   * Prints each floor's figure over HAProxy's on one line, then where `target` stands against the
   * best of them (nothing without floors).
   */
  const printFloors = (
    target: Target,
    endpointRatio: number,
    figures: readonly number[],
    peer: number,
    first: number,
    floors: readonly PeerSide[] = sides.floors ?? [],
  ) => {
    if (floors.length === 0) return
    const ratios = floors.map((_, index) => (figures[first + index] ?? Number.NaN) / peer)
    const each = floors.map(
      ({ name }, index) => `${name} / HAProxy ${format(ratios[index] ?? 0, 2)}×`,
    )
    console.log(`  floors: ${each.join('  ')}`)
    for (const line of floorLines(target, floors, ratios, endpointRatio)) console.log(line)
  }
  console.log(
    `\n${title}, distinct accounts, one at a time (ms, ${parameters.latencyIterations} each, alternating call by call)`,
  )
  for (const [index, measured] of figures.latency.entries()) {
    const added = index === 0 ? '' : `  added p50 ${format(measured.p50 - direct.p50, 3)} ms`
    console.log(
      `  ${(names[index] ?? '').padEnd(width)} p50 ${format(measured.p50, 3)}  p95 ${format(measured.p95, 3)}${added}`,
    )
  }
  const addedRatio = (endpoint.p50 - direct.p50) / (haproxy.p50 - direct.p50)
  console.log(
    `  added latency endpoint / HAProxy ${format(addedRatio, 2)}×  (target ≤ ${latencyTarget.bound}×: ${verdict(addedRatio <= latencyTarget.bound)})`,
  )
  printFloors(
    latencyTarget,
    addedRatio,
    figures.latency.map(({ p50 }) => p50 - direct.p50),
    haproxy.p50 - direct.p50,
    3,
  )

  const [directRounds, haproxyRounds, endpointRounds] = figures.distinct as [
    RoundsResult,
    RoundsResult,
    RoundsResult,
  ]
  console.log(
    `\n${title}, distinct accounts, concurrency ${concurrency}, ${parameters.throughputMs} ms each in ${parameters.rounds} alternating rounds`,
  )
  for (const [index, measured] of figures.distinct.entries()) {
    console.log(
      `  ${(names[index] ?? '').padEnd(width)} ${format(measured.requestsPerSecond, 0)} req/s  p50 ${format(measured.p50, 2)} ms  p99 ${format(measured.p99, 2)} ms  CPU ms per request: ${cpuLine(measured)}`,
    )
  }
  const overDirect = (rounds: RoundsResult) =>
    format(rounds.requestsPerSecond / directRounds.requestsPerSecond, 2)
  const overPeer = endpointRounds.requestsPerSecond / haproxyRounds.requestsPerSecond
  console.log(
    `  HAProxy / direct ${overDirect(haproxyRounds)}×  endpoint / direct ${overDirect(endpointRounds)}×  endpoint / HAProxy ${format(overPeer, 2)}×  (target ≥ ${format(throughputTarget.bound, 1)}×: ${verdict(overPeer >= throughputTarget.bound)})`,
  )
  printFloors(
    throughputTarget,
    overPeer,
    figures.distinct.map(({ requestsPerSecond }) => requestsPerSecond),
    haproxyRounds.requestsPerSecond,
    3,
  )

  const [haproxySame, endpointSame] = figures.same as [RoundsResult, RoundsResult]
  console.log(
    `\n${title}, the same read by ${concurrency} clients at once, ${parameters.throughputMs} ms each in ${parameters.rounds} alternating rounds`,
  )
  const sameNames = sameReadOrder(sides).map(({ name }) => name)
  const sameWidth = Math.max(...sameNames.map((name) => name.length))
  for (const [index, measured] of figures.same.entries()) {
    console.log(
      `  ${(sameNames[index] ?? '').padEnd(sameWidth)} ${format(measured.requestsPerSecond, 0)} req/s  p50 ${format(measured.p50, 2)} ms  p99 ${format(measured.p99, 2)} ms  CPU ms per request: ${cpuLine(measured)}`,
    )
  }
  const sameRatio = endpointSame.requestsPerSecond / haproxySame.requestsPerSecond
  console.log(
    `  endpoint / HAProxy ${format(sameRatio, 2)}×  (target ≥ ${sameReadTarget.bound}×: ${verdict(sameRatio >= sameReadTarget.bound)})`,
  )
  printFloors(
    sameReadTarget,
    sameRatio,
    figures.same.map(({ requestsPerSecond }) => requestsPerSecond),
    haproxySame.requestsPerSecond,
    2,
    [...(sides.floors ?? []), ...(sides.sameReadFloors ?? [])],
  )
}
