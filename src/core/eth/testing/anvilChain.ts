import type { Json, NodeAnswer, NodeCall } from '../../rpc/types.ts'

const hex = (value: number | bigint): string => `0x${value.toString(16)}`
const word = (value: number | bigint): string => `0x${value.toString(16).padStart(64, '0')}`

/** The contract that emits the chain's logs (anvil's first deployment from the test mnemonic). */
export const emitter = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
/** `Transfer(address,address,uint256)`. */
export const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

/** The `newHeads` event of block `number`: its header, as a node pushes it over `eth_subscribe`. */
export function anvilHeader(number: number): Record<string, Json> {
  return {
    hash: word(0xb10c00 + number),
    parentHash: word(0xb10c00 + number - 1),
    sha3Uncles: '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347',
    miner: '0x0000000000000000000000000000000000000000',
    stateRoot: word(0x5000 + number),
    transactionsRoot: word(0x7000 + number),
    receiptsRoot: word(0x8000 + number),
    logsBloom: `0x${'0'.repeat(512)}`,
    difficulty: '0x0',
    number: hex(number),
    gasLimit: '0x1c9c380',
    gasUsed: '0x5208',
    timestamp: hex(1_700_000_000 + number * 2),
    extraData: '0x',
    mixHash: word(0x6000 + number),
    nonce: '0x0000000000000000',
    baseFeePerGas: '0x3b9aca00',
    withdrawalsRoot: '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421',
    blobGasUsed: '0x0',
    excessBlobGas: '0x0',
    parentBeaconBlockRoot: word(0),
  }
}

/** Block `number` as anvil answers `eth_getBlockByNumber(number, false)`: its header and body. */
export function anvilBlock(number: number): Record<string, Json> {
  return {
    ...anvilHeader(number),
    totalDifficulty: '0x0',
    size: '0x267',
    uncles: [],
    transactions: [word(0x7e00 + number)],
    withdrawals: [],
  }
}

/** The emitter's `Transfer` log at `index` in block `number`, as `eth_getLogs` and `logs` give it. */
export function anvilLog(number: number, index: number, removed = false): Record<string, Json> {
  return {
    address: emitter,
    topics: [transferTopic, word(0xf39f), word(0x7099)],
    data: word(1000 + number * 10 + index),
    blockHash: word(0xb10c00 + number),
    blockNumber: hex(number),
    blockTimestamp: hex(1_700_000_000 + number * 2),
    transactionHash: word(0x7e00 + number),
    transactionIndex: '0x0',
    logIndex: hex(index),
    removed,
  }
}

/**
 * An anvil chain in memory at `head`, with `logs`: answers `eth_blockNumber`,
 * `eth_getBlockByNumber` (null past the head or for a `missing` block) and `eth_getLogs` (by block
 * range); `refuse` makes it answer an error to one method. Records every call.
 */
export function createAnvilChain(options: { head: number; logs?: Json[]; missing?: number[] }) {
  const calls: Array<{ method: string; params: Json[] }> = []
  const chain = { ...options, refuse: undefined as string | undefined, calls }
  const call: NodeCall = async (method, params): Promise<NodeAnswer> => {
    calls.push({ method, params })
    if (method === chain.refuse) {
      return { error: { code: -32005, message: 'query returned more than 10000 results' } }
    }
    if (method === 'eth_blockNumber') return { result: hex(chain.head) }
    if (method === 'eth_getBlockByNumber') {
      const number = Number.parseInt(params[0] as string, 16)
      const known = number <= chain.head && !chain.missing?.includes(number)
      return { result: known ? anvilBlock(number) : null }
    }
    if (method === 'eth_getLogs') {
      const [{ fromBlock, toBlock }] = params as [{ fromBlock: string; toBlock: string }]
      const within = (log: Json) => {
        const block = BigInt((log as { blockNumber: string }).blockNumber)
        return block >= BigInt(fromBlock) && block <= BigInt(toBlock)
      }
      return { result: (chain.logs ?? []).filter(within) }
    }
    return { error: { code: -32601, message: `the method ${method} does not exist` } }
  }
  return Object.assign(chain, { call })
}

/** Everything an async iterable yields. */
export async function collect(events: AsyncIterable<Json>): Promise<Json[]> {
  const all: Json[] = []
  for await (const event of events) all.push(event)
  return all
}
