import {
  type Address,
  decodeEventLog,
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  type Hex,
  isAddressEqual,
  type RpcLog,
} from 'viem'
import { type NodeCall, nodeResult } from '../../eth/nodeCall.ts'
import { toQuantity } from '../../eth/quantity.ts'
import { readTokenInfo, type TokenInfo } from '../../eth/readTokenInfo.ts'
import { decodedOrUndefined as decoded, viewCall } from '../../eth/viewCall.ts'
import { unlimitedAllowance } from '../describeTransaction.ts'
import {
  approvalEventTopics,
  erc20Abi,
  erc20Approval,
  erc721Abi,
  operatorApproval,
  permit2Abi,
  permit2Address,
} from './approvalAbis.ts'
import { ApprovalScanLimitError, scanApprovalLogs } from './scanApprovalLogs.ts'

/**
 * Which approval a row is, as the revoke names it: an ERC-20 allowance of `spender` on the token
 * `contract`, an operator `spender` over the collection `contract` (`setApprovalForAll`), or a
 * Permit2 allowance of `spender` over `token` (`contract` is Permit2).
 */
export type ApprovalKey =
  | { kind: 'erc20'; contract: Address; spender: Address }
  | { kind: 'operator'; contract: Address; spender: Address }
  | { kind: 'permit2'; contract: Address; spender: Address; token: Address }

/**
 * A standing approval, as the approval manager lists it: what it lets `spender` take, and, for a
 * token, the amount (base units, decimal) with its symbol and decimals read from the chain.
 */
export type StandingApproval = ApprovalKey & {
  amount?: string
  /** The amount is at or above `unlimitedAllowance`: the spender may take every unit. */
  unlimited?: boolean
  /** A Permit2 allowance's expiry, in seconds since 1970. */
  expiration?: number
  /** The token's symbol and decimals, when it answers them. */
  tokenInfo?: TokenInfo
}

/**
 * Where the account's last look on the chain got to: the block its logs were read up to (number
 * and hash, to tell the same chain) and the approvals they named, so the next look reads only the
 * blocks mined since.
 */
export type ApprovalScan = { toBlock: Hex; hash: Hex; keys: ApprovalKey[] }

/** The account's last scan on one chain, kept by the caller (`storage.local` in the worker). */
export type ApprovalScanStore = {
  read(): Promise<ApprovalScan | undefined>
  write(scan: ApprovalScan): Promise<void>
}

export type FindStandingApprovalsParameters = {
  call: NodeCall
  owner: Address
  /** The account's last scan on this chain: the next one goes on from it. */
  scans: ApprovalScanStore
  /** Blocks per `eth_getLogs` (`scanApprovalLogs`). */
  rangeSize?: bigint
}

/** The most approvals checked in one look: the latest granted ones are kept past it. */
export const maxCheckedApprovals = 500

/** The block approvals are checked at: its number, hash and time (a Permit2 allowance's expiry). */
export type Head = { number: bigint; hash: Hex; timestamp: bigint }

type BlockFields = { number?: string; hash?: Hex; timestamp?: string } | null

/** The latest block's number, hash and time. */
export async function readLatestHead(call: NodeCall): Promise<Head> {
  const block = (await nodeResult(call, 'eth_getBlockByNumber', ['latest', false])) as BlockFields
  if (!block?.number || !block.hash || !block.timestamp) {
    throw new Error('the node answered no latest block')
  }
  return { number: BigInt(block.number), hash: block.hash, timestamp: BigInt(block.timestamp) }
}

/** The hash of block `number`, or `undefined` when the node has no such block. */
async function readBlockHash(call: NodeCall, number: Hex): Promise<Hex | undefined> {
  const block = (await nodeResult(call, 'eth_getBlockByNumber', [number, false])) as BlockFields
  return block?.hash
}

/**
 * Whether `scan` was made on the chain the node serves now: the block it ended at is still there
 * with the same hash (not reorganised away, not a local devnet started again).
 */
const isOnChain = async (call: NodeCall, scan: ApprovalScan): Promise<boolean> =>
  (await readBlockHash(call, scan.toBlock)) === scan.hash

/** The key an approval log grants or changes, or `undefined` for a log of another shape. */
function keyOfLog(log: RpcLog): ApprovalKey | undefined {
  const { topics, data } = log
  const [topic] = topics
  const contract = getAddress(log.address)
  try {
    if (topic === approvalEventTopics.erc20) {
      // ERC-721's `Approval` has the same selector and a 4th topic (one token id): not an allowance.
      const { args } = decodeEventLog({ abi: [erc20Approval], topics, data, strict: true })
      return { kind: 'erc20', contract, spender: args.spender }
    }
    if (topic === approvalEventTopics.operator) {
      const { args } = decodeEventLog({ abi: [operatorApproval], topics, data, strict: true })
      return { kind: 'operator', contract, spender: args.operator }
    }
    if (!isAddressEqual(contract, permit2Address)) return undefined
    const { args } = decodeEventLog({ abi: permit2Abi, topics, data, strict: true })
    if (!('token' in args)) return undefined
    return { kind: 'permit2', contract, spender: args.spender, token: args.token }
  } catch {
    // A log whose topics or data do not fit the event (another contract's event of the same name).
    return undefined
  }
}

const keyId = (key: ApprovalKey): string =>
  [key.kind, key.contract, key.spender, key.kind === 'permit2' ? key.token : '']
    .join(':')
    .toLowerCase()

/**
 * Each distinct approval of `known` (an earlier scan's) and of the logs after it, the latest granted
 * last, at most `maxCheckedApprovals`.
 */
export function approvalKeysOfLogs(
  logs: readonly RpcLog[],
  known: readonly ApprovalKey[] = [],
): ApprovalKey[] {
  const keys = new Map(known.map((key) => [keyId(key), key]))
  for (const log of logs) {
    const key = keyOfLog(log)
    if (!key) continue
    const id = keyId(key)
    keys.delete(id)
    keys.set(id, key)
  }
  return [...keys.values()].slice(-maxCheckedApprovals)
}

/**
 * What `key` lets its spender take now (at `head`), or undefined when nothing: an ERC-20 allowance
 * above 0 (`allowance(owner, spender)`), an operator still approved (`isApprovedForAll`), a Permit2
 * allowance above 0 and not expired (`allowance(owner, token, spender)`).
 */
export async function checkApproval(
  call: NodeCall,
  owner: Address,
  key: ApprovalKey,
  head: Head,
): Promise<StandingApproval | undefined> {
  const block = toQuantity(head.number)
  if (key.kind === 'operator') {
    const data = await viewCall(
      call,
      key.contract,
      encodeFunctionData({
        abi: erc721Abi,
        functionName: 'isApprovedForAll',
        args: [owner, key.spender],
      }),
      block,
    )
    const approved =
      data &&
      decoded(() =>
        decodeFunctionResult({ abi: erc721Abi, functionName: 'isApprovedForAll', data }),
      )
    return approved === true ? key : undefined
  }
  if (key.kind === 'erc20') {
    const data = await viewCall(
      call,
      key.contract,
      encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [owner, key.spender] }),
      block,
    )
    const amount =
      data &&
      decoded(() => decodeFunctionResult({ abi: erc20Abi, functionName: 'allowance', data }))
    if (typeof amount !== 'bigint' || amount === 0n) return undefined
    const tokenInfo = await readTokenInfo(call, key.contract)
    return {
      ...key,
      amount: amount.toString(),
      unlimited: amount >= unlimitedAllowance,
      ...(tokenInfo ? { tokenInfo } : {}),
    }
  }
  const data = await viewCall(
    call,
    key.contract,
    encodeFunctionData({
      abi: permit2Abi,
      functionName: 'allowance',
      args: [owner, key.token, key.spender],
    }),
    block,
  )
  const allowance =
    data &&
    decoded(() => decodeFunctionResult({ abi: permit2Abi, functionName: 'allowance', data }))
  if (!allowance) return undefined
  const [amount, expiration] = allowance
  if (amount === 0n || BigInt(expiration) < head.timestamp) return undefined
  const tokenInfo = await readTokenInfo(call, key.token)
  return {
    ...key,
    amount: amount.toString(),
    unlimited: amount >= unlimitedAllowance,
    expiration,
    ...(tokenInfo ? { tokenInfo } : {}),
  }
}

/**
 * Keeps where a scan stopped at its call limit got to (the end of the last range it read in full,
 * with that block's hash, and the approvals named so far), so the next look goes on from there
 * rather than running into the same limit at the same place every time.
 */
async function keepPartialScan(
  call: NodeCall,
  scans: ApprovalScanStore,
  stopped: ApprovalScanLimitError,
  known: readonly ApprovalKey[] = [],
): Promise<void> {
  const toBlock = toQuantity(stopped.readTo)
  const hash = await readBlockHash(call, toBlock)
  if (hash) await scans.write({ toBlock, hash, keys: approvalKeysOfLogs(stopped.logs, known) })
}

/**
 * The account's standing approvals on one chain (the approval manager, DESIGN §11): every
 * approval its logs ever granted (`scanApprovalLogs`, bounded ranges), each checked against the
 * contract's state at the latest block, listed only while it still lets the spender take something.
 * A revoked, spent or expired approval is not listed, whatever its logs say. The logs are read once:
 * a look goes on from where the account's last one ended (`scans`), and reads the chain from its
 * start again only when that block is no longer on it (a reorganisation, a devnet started again).
 * A look stopped at the scan's call limit lists nothing (it throws) but keeps how far it read.
 *
 * @example
 * await findStandingApprovals({ call, owner: '0xf39F…2266', scans })
 * // [{ kind: 'erc20', contract: '0x5FbD…', spender: '0x7099…', amount: '1000', unlimited: false, tokenInfo: { symbol: 'TST', … } }]
 */
export async function findStandingApprovals({
  call,
  owner,
  scans,
  rangeSize,
}: FindStandingApprovalsParameters): Promise<StandingApproval[]> {
  const head = await readLatestHead(call)
  const previous = await scans.read()
  const resumed = previous && (await isOnChain(call, previous)) ? previous : undefined
  const fromBlock = resumed ? BigInt(resumed.toBlock) + 1n : 0n
  const logs =
    fromBlock > head.number
      ? []
      : await scanApprovalLogs({
          call,
          owner,
          fromBlock,
          toBlock: head.number,
          ...(rangeSize === undefined ? {} : { rangeSize }),
        }).catch(async (error: unknown) => {
          if (error instanceof ApprovalScanLimitError && error.readTo >= fromBlock) {
            await keepPartialScan(call, scans, error, resumed?.keys)
          }
          throw error
        })
  const keys = approvalKeysOfLogs(logs, resumed?.keys)
  await scans.write({ toBlock: toQuantity(head.number), hash: head.hash, keys })
  const checked = await Promise.all(keys.map((key) => checkApproval(call, owner, key, head)))
  return checked.filter((approval) => approval !== undefined)
}
