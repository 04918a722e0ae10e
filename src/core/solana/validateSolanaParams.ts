import { isObject } from '@metamask/utils'
import { invalidParams, Problems, type RpcError } from '../rpc/errors.ts'
import { isBase58PublicKey, isBase58Signature } from './base58ByteLength.ts'
import {
  commitments,
  maxMultipleAccounts,
  maxSignaturesLimit,
  type SolanaNodeMethod,
  type SolanaSubscribeMethod,
} from './methods.ts'

/** Checks one value at `path`, adding what is wrong to `problems`. */
type Check = (value: unknown, path: string, problems: Problems) => void

/** A method's params: its positional checks, the first `required` of them required. */
type ParamsRule = { checks: Check[]; required: number }

const base58Key: Check = (value, path, problems) => {
  if (typeof value !== 'string' || !isBase58PublicKey(value)) {
    problems.add(path, 'must be a base58 public key (32 bytes)')
  }
}

const signature: Check = (value, path, problems) => {
  if (typeof value !== 'string' || !isBase58Signature(value)) {
    problems.add(path, 'must be a base58 transaction signature (64 bytes)')
  }
}

/** A whole number from 0 to `max` (a u64 as JSON can carry it exactly). */
const whole =
  (max = Number.MAX_SAFE_INTEGER): Check =>
  (value, path, problems) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > max) {
      problems.add(path, `must be a whole number from 0 to ${max}`)
    }
  }
const slot = whole()

/** At most `max` items, each checked; more than `max` is the one problem (nothing else is read). */
const listOf =
  (item: Check, max: number, what: string): Check =>
  (value, path, problems) => {
    if (!Array.isArray(value)) {
      problems.add(path, `must be an array of ${what}`)
      return
    }
    if (value.length > max) {
      problems.add(path, `too many inputs provided; max ${max}`)
      return
    }
    for (const [index, element] of value.entries()) {
      if (problems.full) return
      item(element, `${path}[${index}]`, problems)
    }
  }

const oneOf =
  (values: readonly string[]): Check =>
  (value, path, problems) => {
    if (typeof value !== 'string' || !values.includes(value)) {
      problems.add(path, `must be one of ${values.join(', ')}`)
    }
  }

const boolean: Check = (value, path, problems) => {
  if (typeof value !== 'boolean') problems.add(path, 'must be true or false')
}

const text: Check = (value, path, problems) => {
  if (typeof value !== 'string') problems.add(path, 'must be a string')
}

/** An object whose listed fields, when present, pass their checks; other fields go to the node. */
const objectOf =
  (fields: Record<string, Check>): Check =>
  (value, path, problems) => {
    if (!isObject(value) || Array.isArray(value)) {
      problems.add(path, 'must be an object')
      return
    }
    for (const [name, check] of Object.entries(fields)) {
      if (problems.full) return
      const field = value[name]
      if (field !== undefined && field !== null) check(field, `${path}.${name}`, problems)
    }
  }

/** Optional: a missing or `null` value passes. */
const optional =
  (check: Check): Check =>
  (value, path, problems) => {
    if (value !== undefined && value !== null) check(value, path, problems)
  }

const commitment = oneOf(commitments)
const accountEncoding = oneOf(['base58', 'base64', 'base64+zstd', 'jsonParsed'])
const transactionEncoding = oneOf(['json', 'jsonParsed', 'base58', 'base64'])
const wireEncoding = oneOf(['base58', 'base64'])

const dataSlice = objectOf({ offset: whole(), length: whole() })

/** `getProgramAccounts` / `programSubscribe` filters: at most 4 of `dataSize` / `memcmp`. */
const programFilters = listOf(
  (value, path, problems) => {
    objectOf({
      dataSize: whole(),
      memcmp: objectOf({ offset: whole(), bytes: text, encoding: wireEncoding }),
    })(value, path, problems)
  },
  4,
  'filters',
)

const contextFields = { commitment, minContextSlot: slot }
const commitmentConfig = objectOf(contextFields)
const accountConfig = objectOf({ ...contextFields, encoding: accountEncoding, dataSlice })

const config = (check: Check = commitmentConfig): Check => optional(check)

const tokenAccountFilter: Check = (value, path, problems) => {
  if (!isObject(value) || (value.mint === undefined) === (value.programId === undefined)) {
    problems.add(path, 'must be { mint } or { programId }')
    return
  }
  base58Key(value.mint ?? value.programId, `${path}.${value.mint ? 'mint' : 'programId'}`, problems)
}

const signaturesLimit: Check = (value, path, problems) => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > maxSignaturesLimit) {
    problems.add(path, `invalid limit; max ${maxSignaturesLimit}`)
    return
  }
  whole(maxSignaturesLimit)(value, path, problems)
}

const logsFilter: Check = (value, path, problems) => {
  if (value === 'all' || value === 'allWithVotes') return
  objectOf({ mentions: listOf(base58Key, 1, 'public keys') })(value, path, problems)
  if (isObject(value) && !Array.isArray(value.mentions)) {
    problems.add(`${path}.mentions`, 'must be an array of one public key')
  }
}

const rule = (required: number, ...checks: Check[]): ParamsRule => ({ checks, required })
const none = rule(0)
const configOnly = rule(0, config())

/** Every method of the Solana endpoint with its params (DESIGN §8). */
const rules: Record<SolanaNodeMethod | SolanaSubscribeMethod | 'requestAirdrop', ParamsRule> = {
  getAccountInfo: rule(1, base58Key, config(accountConfig)),
  getBalance: rule(1, base58Key, config()),
  getBlock: rule(
    1,
    slot,
    config(
      objectOf({
        commitment,
        encoding: transactionEncoding,
        transactionDetails: oneOf(['full', 'accounts', 'signatures', 'none']),
        rewards: boolean,
        maxSupportedTransactionVersion: whole(255),
      }),
    ),
  ),
  getBlockCommitment: rule(1, slot),
  getBlockHeight: configOnly,
  getBlockProduction: rule(
    0,
    config(
      objectOf({
        commitment,
        identity: base58Key,
        range: objectOf({ firstSlot: slot, lastSlot: slot }),
      }),
    ),
  ),
  getBlockTime: rule(1, slot),
  getBlocks: rule(
    1,
    slot,
    (value, path, problems) => {
      if (isObject(value)) commitmentConfig(value, path, problems)
      else optional(slot)(value, path, problems)
    },
    config(),
  ),
  getBlocksWithLimit: rule(2, slot, whole(500_000), config()),
  getClusterNodes: none,
  getEpochInfo: configOnly,
  getEpochSchedule: none,
  getFeeForMessage: rule(1, text, config()),
  getFirstAvailableBlock: none,
  getGenesisHash: none,
  getHealth: none,
  getHighestSnapshotSlot: none,
  getIdentity: none,
  getInflationGovernor: configOnly,
  getInflationRate: none,
  getInflationReward: rule(
    1,
    listOf(base58Key, maxMultipleAccounts, 'public keys'),
    config(objectOf({ ...contextFields, epoch: whole() })),
  ),
  getLatestBlockhash: configOnly,
  getLeaderSchedule: rule(0, optional(slot), config(objectOf({ commitment, identity: base58Key }))),
  getMaxRetransmitSlot: none,
  getMaxShredInsertSlot: none,
  getMinimumBalanceForRentExemption: rule(1, whole(10 * 1024 * 1024), config()),
  getMultipleAccounts: rule(
    1,
    listOf(base58Key, maxMultipleAccounts, 'public keys'),
    config(accountConfig),
  ),
  getProgramAccounts: rule(
    1,
    base58Key,
    config(
      objectOf({
        ...contextFields,
        encoding: accountEncoding,
        dataSlice,
        filters: programFilters,
        withContext: boolean,
      }),
    ),
  ),
  getRecentPerformanceSamples: rule(0, optional(whole(720))),
  getRecentPrioritizationFees: rule(0, optional(listOf(base58Key, 128, 'public keys'))),
  getSignatureStatuses: rule(
    1,
    listOf(signature, 256, 'signatures'),
    config(objectOf({ searchTransactionHistory: boolean })),
  ),
  getSignaturesForAddress: rule(
    1,
    base58Key,
    config(
      objectOf({ ...contextFields, limit: signaturesLimit, before: signature, until: signature }),
    ),
  ),
  getSlot: configOnly,
  getSlotLeader: configOnly,
  getSlotLeaders: rule(2, slot, whole(5000)),
  getStakeMinimumDelegation: configOnly,
  getSupply: rule(0, config(objectOf({ commitment, excludeNonCirculatingAccountsList: boolean }))),
  getTokenAccountBalance: rule(1, base58Key, config()),
  getTokenAccountsByDelegate: rule(2, base58Key, tokenAccountFilter, config(accountConfig)),
  getTokenAccountsByOwner: rule(2, base58Key, tokenAccountFilter, config(accountConfig)),
  getTokenLargestAccounts: rule(1, base58Key, config()),
  getTokenSupply: rule(1, base58Key, config()),
  getTransaction: rule(
    1,
    signature,
    config(
      objectOf({
        commitment,
        encoding: transactionEncoding,
        maxSupportedTransactionVersion: whole(255),
      }),
    ),
  ),
  getTransactionCount: configOnly,
  getVersion: none,
  getVoteAccounts: rule(
    0,
    config(
      objectOf({
        commitment,
        votePubkey: base58Key,
        keepUnstakedDelinquents: boolean,
        delinquentSlotDistance: whole(),
      }),
    ),
  ),
  isBlockhashValid: rule(1, base58Key, config()),
  minimumLedgerSlot: none,
  sendTransaction: rule(
    1,
    text,
    config(
      objectOf({
        encoding: wireEncoding,
        skipPreflight: boolean,
        preflightCommitment: commitment,
        maxRetries: whole(),
        minContextSlot: slot,
      }),
    ),
  ),
  simulateTransaction: rule(
    1,
    text,
    config(
      objectOf({
        ...contextFields,
        encoding: wireEncoding,
        sigVerify: boolean,
        replaceRecentBlockhash: boolean,
        innerInstructions: boolean,
        accounts: objectOf({
          addresses: listOf(base58Key, maxMultipleAccounts, 'public keys'),
          encoding: accountEncoding,
        }),
      }),
    ),
  ),
  requestAirdrop: rule(2, base58Key, whole(), config()),
  accountSubscribe: rule(
    1,
    base58Key,
    config(objectOf({ commitment, encoding: accountEncoding, dataSlice })),
  ),
  logsSubscribe: rule(1, logsFilter, config()),
  programSubscribe: rule(
    1,
    base58Key,
    config(objectOf({ commitment, encoding: accountEncoding, dataSlice, filters: programFilters })),
  ),
  signatureSubscribe: rule(
    1,
    signature,
    config(objectOf({ commitment, enableReceivedNotification: boolean })),
  ),
  slotSubscribe: none,
}

/**
 * Checks a Solana call's params before any node sees them (DESIGN §8): base58 public keys and
 * signatures, commitment levels, encodings, slots and limits, `getMultipleAccounts` at most 100
 * keys, `getSignaturesForAddress` `limit` at most 1,000. Returns a bounded `-32602` naming the
 * first problems, or undefined when the params may go to the node as they are. A method without a
 * rule (an unsubscribe, checked by the relay) passes. Never throws.
 *
 * @example validateSolanaParams('getBalance', ['xyz']) // -32602 params[0]: must be a base58 public key
 */
export function validateSolanaParams(method: string, params: unknown): RpcError | undefined {
  if (!Object.hasOwn(rules, method)) return undefined
  const { checks, required } = rules[method as keyof typeof rules]
  if (params !== undefined && params !== null && !Array.isArray(params)) {
    return invalidParams([{ path: 'params', message: 'must be an array' }])
  }
  const args: unknown[] = params ?? []
  if (args.length > checks.length) {
    return invalidParams([
      { path: 'params', message: `takes at most ${checks.length} parameters, got ${args.length}` },
    ])
  }
  const problems = new Problems()
  if (args.length < required) {
    problems.add('params', `takes at least ${required} parameters, got ${args.length}`)
  }
  for (const [index, check] of checks.entries()) {
    if (problems.full) break
    if (index < args.length) check(args[index], `params[${index}]`, problems)
  }
  return problems.count === 0 ? undefined : invalidParams(problems)
}
