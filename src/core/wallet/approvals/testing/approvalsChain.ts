import {
  type Address,
  decodeFunctionData,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionResult,
  erc20Abi,
  erc721Abi,
  type Hex,
  type RpcLog,
} from 'viem'
import type { Json, NodeCall } from '../../../rpc/types.ts'
import { erc20Approval, operatorApproval, permit2Abi } from '../approvalAbis.ts'
import type { ApprovalScan, ApprovalScanStore } from '../findStandingApprovals.ts'

/**
 * An in-memory chain for the approval manager's tests: the node's `eth_getLogs` (topic and range
 * filtered, refusing more than `resultCap` results with the endpoint's `-32005`), `eth_call` of the
 * ERC-20, operator and Permit2 reads (decoded and answered with viem), and its latest block.
 */
export type ApprovalsChain = {
  call: NodeCall
  head: { number: bigint; timestamp: bigint }
  logs: RpcLog[]
  /** `<contract>:<spender>` → allowance. */
  allowances: Map<string, bigint>
  /** `<contract>:<operator>` approved for all. */
  operators: Set<string>
  /** `<token>:<spender>` → Permit2 [amount, expiration]. */
  permit2: Map<string, [bigint, number]>
  /** The block ranges `eth_getLogs` was asked, in order. */
  logRanges: Array<[bigint, bigint]>
  resultCap: number
  /** Bumped when the chain starts again (a devnet restarted): every block's hash changes. */
  generation: number
}

/** One account's last scan, in memory (`storage.local` in the worker). */
export function memoryScanStore(): ApprovalScanStore & { scan?: ApprovalScan } {
  const store: ApprovalScanStore & { scan?: ApprovalScan } = {
    read: async () => store.scan,
    async write(scan) {
      store.scan = scan
    },
  }
  return store
}

const pairKey = (a: string, b: string) => `${a}:${b}`.toLowerCase()

/** A log as a node gives it, in block `block`. */
function rpcLog(address: Address, topics: Hex[], data: Hex, block: bigint): RpcLog {
  return {
    address,
    topics: topics as [Hex, ...Hex[]],
    data,
    blockNumber: `0x${block.toString(16)}`,
    blockHash: `0x${block.toString(16).padStart(64, '0')}`,
    transactionHash: `0x${(block + 1n).toString(16).padStart(64, '0')}`,
    transactionIndex: '0x0',
    logIndex: '0x0',
    removed: false,
  }
}

export const erc20ApprovalLog = (
  token: Address,
  owner: Address,
  spender: Address,
  value: bigint,
  block: bigint,
): RpcLog =>
  rpcLog(
    token,
    encodeEventTopics({ abi: [erc20Approval], args: { owner, spender } }) as Hex[],
    encodeAbiParameters([{ type: 'uint256' }], [value]),
    block,
  )

export const operatorApprovalLog = (
  collection: Address,
  owner: Address,
  operator: Address,
  approved: boolean,
  block: bigint,
): RpcLog =>
  rpcLog(
    collection,
    encodeEventTopics({ abi: [operatorApproval], args: { owner, operator } }) as Hex[],
    encodeAbiParameters([{ type: 'bool' }], [approved]),
    block,
  )

export const permit2ApprovalLog = (
  permit2: Address,
  owner: Address,
  token: Address,
  spender: Address,
  amount: bigint,
  expiration: number,
  block: bigint,
): RpcLog =>
  rpcLog(
    permit2,
    encodeEventTopics({
      abi: permit2Abi,
      eventName: 'Approval',
      args: { owner, token, spender },
    }) as Hex[],
    encodeAbiParameters([{ type: 'uint160' }, { type: 'uint48' }], [amount, expiration]),
    block,
  )

type LogFilter = { fromBlock: Hex; toBlock: Hex; topics: Array<Hex | Hex[] | null> }

const matchesTopic = (wanted: Hex | Hex[] | null | undefined, topic: Hex | undefined) =>
  wanted === null ||
  wanted === undefined ||
  (Array.isArray(wanted) ? wanted : [wanted]).some(
    (value) => value.toLowerCase() === topic?.toLowerCase(),
  )

/** A chain at block `head` holding `logs` and the state the tests set. */
export function approvalsChain(head = 1_000n, resultCap = 10_000): ApprovalsChain {
  const chain: Omit<ApprovalsChain, 'call'> = {
    head: { number: head, timestamp: 1_800_000_000n },
    logs: [],
    allowances: new Map(),
    operators: new Set(),
    permit2: new Map(),
    logRanges: [],
    resultCap,
    generation: 0,
  }
  const answerCall = (to: Address, data: Hex): Json => {
    const { functionName, args } = decodeFunctionData({
      abi: [...erc20Abi, ...erc721Abi, ...permit2Abi],
      data,
    })
    if (functionName === 'allowance' && args.length === 2) {
      const amount = chain.allowances.get(pairKey(to, args[1] as string))
      if (amount === undefined) return '0x'
      return encodeFunctionResult({ abi: erc20Abi, functionName: 'allowance', result: amount })
    }
    if (functionName === 'allowance' && args.length === 3) {
      const [amount, expiration] = chain.permit2.get(
        pairKey(args[1] as string, args[2] as string),
      ) ?? [0n, 0]
      return encodeFunctionResult({
        abi: permit2Abi,
        functionName: 'allowance',
        result: [amount, expiration, 0],
      })
    }
    if (functionName === 'isApprovedForAll') {
      return encodeFunctionResult({
        abi: erc721Abi,
        functionName: 'isApprovedForAll',
        result: chain.operators.has(pairKey(to, args[1] as string)),
      })
    }
    if (functionName === 'symbol') {
      return encodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', result: 'TST' })
    }
    if (functionName === 'decimals') {
      return encodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', result: 18 })
    }
    return '0x'
  }
  const call: NodeCall = async (method, params) => {
    if (method === 'eth_getBlockByNumber') {
      const [tag] = params as [string]
      const number = tag === 'latest' ? chain.head.number : BigInt(tag)
      if (number > chain.head.number) return { result: null }
      return {
        result: {
          number: `0x${number.toString(16)}`,
          hash: `0x${chain.generation.toString(16).padStart(8, '0')}${number.toString(16).padStart(56, '0')}`,
          timestamp: `0x${chain.head.timestamp.toString(16)}`,
        },
      }
    }
    if (method === 'eth_call') {
      const { to, data } = params[0] as { to: Address; data: Hex }
      return { result: answerCall(to, data) }
    }
    if (method === 'eth_getLogs') {
      const filter = params[0] as LogFilter
      const from = BigInt(filter.fromBlock)
      const to = BigInt(filter.toBlock)
      chain.logRanges.push([from, to])
      const found = chain.logs.filter((log) => {
        const block = BigInt(log.blockNumber ?? '0x0')
        return (
          block >= from &&
          block <= to &&
          filter.topics.every((wanted, index) => matchesTopic(wanted, log.topics[index]))
        )
      })
      if (found.length > chain.resultCap) {
        return {
          error: { code: -32005, message: `query returned more than ${chain.resultCap} results` },
        }
      }
      return { result: found as unknown as Json }
    }
    return { error: { code: -32601, message: `the method ${method} does not exist` } }
  }
  return Object.assign(chain, { call })
}
