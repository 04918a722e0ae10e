/**
 * Node flags the endpoint process starts with: `npm run node` (package.json, checked by a test),
 * `npm start`, the tests' and the benchmarks' spawns, and so every `--workers` worker (they inherit
 * them).
 *
 * `--initial-old-space-size=64`: a 10,000-log answer passes through as ~80 socket buffers, ~5 MB of
 * memory outside V8's heap; with V8's small default initial old generation that pressure set off a
 * full mark-compact for almost every such request. With 64 MB: 4 mark-compacts in 125 requests
 * instead of 68–77, and the 10,000-log latency ratio over direct anvil 1.08× instead of 1.13× in
 * the same run (docs/performance.md). A V8 heap size cannot be set once the process runs, nor
 * through NODE_OPTIONS, hence a flag.
 *
 * `--single-threaded-gc`: V8's young-generation collections (one every few hundred calls) run on
 * the main thread alone instead of waiting for helper threads, which on a machine whose cores the
 * clients and the node keep busy are not scheduled at once: the collections' pause halved (1.7
 * against 3.4 ms on average, with 50–60 ms stalls gone), the endpoint's CPU per call 5–30 % lower
 * and its added latency 0.1 ms lower, in four A/B runs (docs/performance.md, issue 31).
 *
 * `--no-memory-reducer-for-small-heaps`: V8's memory reducer, started by a small heap's growth
 * before its first full collection, runs up to three full collections a few seconds into every
 * lull (`Mark-Compact (reduce)`, 13 → 7 MB here), its marking steps landing on the calls of the
 * next burst. The endpoint's heap is small by design (`--initial-old-space-size=64`), so the
 * reducer only spent time at each burst's start: endpoint CPU per call 3.5–10 % lower and
 * throughput at 32 3–13 % higher in alternating rounds (docs/performance.md, issue 31, eighth
 * pass). Once the heap has grown to a full collection (an attack, large answers), the reducer runs
 * as before, and the memory comes back (the abuse suite's resident-memory checks).
 */
export const endpointNodeFlags: readonly string[] = [
  '--initial-old-space-size=64',
  '--single-threaded-gc',
  '--no-memory-reducer-for-small-heaps',
]
