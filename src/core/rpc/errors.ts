import { JsonRpcError } from '@metamask/rpc-errors'
import { internalErrorObject } from './internalErrorObject.ts'
import { jsonBytes } from './jsonBytes.ts'
import type { Json, RpcErrorObject } from './types.ts'

/** One problem found while validating input: where (`optionalScopes["eip155"].methods[0]`) and what. */
export type Problem = { path: string; message: string }

/** The most problems a `-32602` lists; validators stop looking after the first ones. */
export const maxProblems = 50

/** How many of the listed problems the `-32602` message spells out (all are in `data.problems`). */
const problemsInMessage = 10

/** The longest piece of caller input (a method name, a path) an error repeats. */
export const maxEchoLength = 100

/** No error object is larger than this on the wire (its JSON, in UTF-8 bytes), whatever the input. */
export const maxErrorBytes = 16 * 1024

/**
 * Caller input as an error repeats it: as it is when short, else its first `max` characters and its
 * length, so a megabyte of input never comes back.
 *
 * @example echo('eth_' + 'x'.repeat(1_000_000)) // 'eth_xxx…xx… (1000004 characters)'
 */
export const echo = (text: string, max = maxEchoLength): string =>
  text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`

/**
 * The problems a validator found, kept to the first `maxProblems` (each echoed short) and counted.
 * A validator stops looking once it is `full`.
 */
export class Problems {
  readonly list: Problem[] = []
  count = 0

  add(path: string, message: string): void {
    this.count += 1
    if (this.list.length < maxProblems) this.list.push({ path: echo(path), message: echo(message) })
  }

  get full(): boolean {
    return this.count >= maxProblems
  }
}

/**
 * An error object cut to `maxErrorBytes` (a node's error is relayed verbatim, but not a huge one):
 * its message echoed short and its `data` replaced by a note of its size.
 */
export function boundErrorObject(error: RpcErrorObject): RpcErrorObject {
  const size = jsonBytes(error)
  if (size <= maxErrorBytes) return error
  return {
    code: error.code,
    message: echo(error.message, 1000),
    data: { truncated: true, bytes: size },
  }
}

/**
 * A JSON-RPC error with its wire `code`, `message` and optional `data`. Every error the wallet or the
 * endpoint answers with is one of the constructors below, so codes and messages live in one place.
 */
export class RpcError extends JsonRpcError<Json> {
  constructor(code: number, message: string, data?: Json) {
    super(code, message, data)
    this.name = 'RpcError'
  }

  /** The error as it is sent on the wire (no stack). */
  toJSON(): RpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

// JSON-RPC 2.0 ------------------------------------------------------------------------------------

/** `-32700`: the body is not JSON. */
export const parseError = (): RpcError => new RpcError(-32700, 'Parse error')

/** `-32600`: the JSON is not a JSON-RPC request (or is an empty batch). */
export const invalidRequest = (detail?: string): RpcError =>
  new RpcError(-32600, detail ? `Invalid Request: ${detail}` : 'Invalid Request')

/** `-32601` with `data: { method }` (echoed short): the method does not exist or is not available here. */
export const methodNotFound = (method: string): RpcError =>
  new RpcError(-32601, `The method "${echo(method)}" does not exist / is not available.`, {
    method: echo(method),
  })

/**
 * `-32602`: invalid params; `data.problems` lists the problems as `{ path, message }`, at most
 * `maxProblems` of them (with `data.count` of all found when there were more), the message spells
 * out the first ten, and the whole error stays under `maxErrorBytes`.
 */
export function invalidParams(problems: Problem[] | Problems | string): RpcError {
  if (typeof problems === 'string') return new RpcError(-32602, echo(problems, 1000))
  let collected = problems
  if (Array.isArray(collected)) {
    const list = new Problems()
    for (const problem of collected) list.add(problem.path, problem.message)
    collected = list
  }
  const { count } = collected
  const listed = [...collected.list]
  const build = (): RpcError => {
    const spelled = listed.slice(0, problemsInMessage)
    const rest = count - spelled.length
    const message = `Invalid params: ${spelled.map((p) => `${p.path}: ${p.message}`).join('; ')}${rest > 0 ? ` (and ${rest} more)` : ''}`
    return new RpcError(
      -32602,
      message,
      count > listed.length ? { problems: listed, count } : { problems: listed },
    )
  }
  let error = build()
  // Echoes are short, but characters JSON must escape can still grow them: drop listed problems
  // until the error fits.
  while (listed.length > 1 && jsonBytes(error.toJSON()) > maxErrorBytes) {
    listed.splice(Math.ceil(listed.length / 2))
    error = build()
  }
  return error
}

/**
 * `-32602`: a request came under the id of a page request the wallet still holds (its window, its
 * approval, its kept answer) but asks something else (DESIGN §6). It is refused and changes nothing.
 */
export const resentRequestDiffers = (): RpcError =>
  new RpcError(-32602, resentRequestDiffersMessage)

const resentRequestDiffersMessage =
  'Invalid params: a re-sent request must repeat the request it re-sends; this id belongs to another request'

/**
 * Whether `error` is `resentRequestDiffers`'s refusal: the answer of a request that took nothing,
 * never kept as the answer of the id it came under.
 */
export const isResentRequestDiffers = (error: RpcErrorObject): boolean =>
  error.code === -32602 && error.message === resentRequestDiffersMessage

/** `-32603` with `data.cause`: something failed inside, e.g. the node could not be reached. */
export const internalError = (cause: string): RpcError => {
  const { code, message, data } = internalErrorObject(cause)
  return new RpcError(code, message, data)
}

/**
 * `-32603` for a failure the endpoint did not expect: a neutral cause only, the error itself goes
 * to the log (a page never sees what failed inside).
 */
export const unexpectedFailure = (): RpcError => internalError('internal failure')

// Multichain API (DESIGN §4) ----------------------------------------------------------------------

/** `-32002`: the origin already has a `wallet_createSession` waiting for the user. */
export const requestAlreadyPending = (origin: string): RpcError =>
  new RpcError(
    -32002,
    `Request of type wallet_createSession already pending for origin ${origin}. Please wait.`,
  )

/**
 * `-32002`: `limit` sites' `wallet_createSession` approvals already wait for the user (their windows
 * open), so another site's is refused until the user answers or closes one.
 */
export const tooManyPendingApprovals = (limit: number): RpcError =>
  new RpcError(
    -32002,
    `Too many requests of type wallet_createSession pending: at most ${limit} across origins. Please wait.`,
  )

/** `4001`: the user rejected the request or closed the approval window. */
export const userRejected = (): RpcError => new RpcError(4001, 'User rejected the request.')

/** `4100`: no session, scope not granted, or method not granted in that scope. */
export const unauthorized = (): RpcError =>
  new RpcError(4100, 'The requested account and/or method has not been authorized by the user.')

/** `5100`: a required chain is not supported, or nothing supported is left to grant. */
export const unsupportedChains = (): RpcError =>
  new RpcError(5100, 'Requested networks are not supported')

/** `5101`: a required method is not supported. */
export const unsupportedMethods = (): RpcError =>
  new RpcError(5101, 'Requested methods are not supported')

/** `5102`: a required notification is not supported. */
export const unsupportedNotifications = (): RpcError =>
  new RpcError(5102, 'Requested notifications are not supported')

/** `5302`: `sessionProperties` given but empty or not an object. */
export const invalidSessionProperties = (): RpcError =>
  new RpcError(5302, 'Invalid sessionProperties requested')

/**
 * `-32002`: the confirmation queue is full (across origins, or for this origin; in requests, or in
 * the bytes their records take).
 */
export const tooManyPendingConfirmations = (): RpcError =>
  new RpcError(-32002, 'Too many requests are waiting for confirmation. Please wait.')

/** `-32602`: the request's confirmation record would take more than `limit` bytes of storage. */
export const confirmationTooLarge = (limit: number): RpcError =>
  invalidParams([
    {
      path: 'params',
      message: `too large to confirm: its confirmation takes more than ${limit} bytes`,
    },
  ])

/** `-32005`: the origin's queue of node calls is full (`limit` calls wait already). */
export const nodeQueueFull = (limit: number): RpcError =>
  new RpcError(
    -32005,
    `too many requests waiting: ${limit} calls of this origin are queued for the node already; wait for answers`,
    { limit },
  )

// EIP-5792 batches (wallet_sendCalls, wallet_getCallsStatus) ---------------------------------------

/** `5700`: the batch marks capabilities this wallet lacks as required (the first five names). */
export const unsupportedCapabilities = (names: string[]): RpcError =>
  new RpcError(5700, `Unsupported non-optional capability: ${names.slice(0, 5).join(', ')}`)

/** `5710`: the batch names another chain than the scope it was sent in. */
export const unsupportedBatchChain = (): RpcError =>
  new RpcError(5710, 'Unsupported chain id: the batch names another chain than its scope')

/** `5720`: the dapp reused a batch id. */
export const duplicateBatchId = (): RpcError =>
  new RpcError(5720, 'Duplicate ID: a batch with this id exists')

/** `5730`: the origin has no batch with this id (another origin's batch is not its to read). */
export const unknownBatch = (): RpcError => new RpcError(5730, 'Unknown bundle id')

/** `5740`: the batch holds more than `limit` calls. */
export const batchTooLarge = (limit: number): RpcError =>
  new RpcError(5740, `Batch too large: at most ${limit} calls`)

/** `5760`: the batch requires atomic execution, which a wallet without a smart account lacks. */
export const atomicityNotSupported = (): RpcError =>
  new RpcError(5760, 'Atomicity not supported: this wallet sends calls as separate transactions')

// Node endpoint (DESIGN §5) -----------------------------------------------------------------------

/** HTTP 401 body / WS refusal: the API key in the path is not known. */
export const invalidProjectId = (): RpcError => new RpcError(-32001, 'invalid project id')

/** `-32005`: a log filter names more than `limit` addresses and topic values. */
export const tooManyParameters = (count: number, limit: number): RpcError =>
  new RpcError(-32005, `query exceeds max parameters of ${limit}`, { parameters: count, limit })

/** `-32005`: a log query matched more than `limit` logs; `data` suggests a range that fits. */
export const tooManyResults = (
  limit: number,
  suggestion?: { from: string; to: string },
): RpcError =>
  new RpcError(
    -32005,
    `query returned more than ${limit} results`,
    suggestion ? { from: suggestion.from, to: suggestion.to, limit } : { limit },
  )

/**
 * `-32005`: a query's answer (Solana's `getProgramAccounts`, …) was larger than `limit` bytes;
 * `data.hint` says how to ask for less.
 */
export const answerTooLarge = (limit: number, hint: string): RpcError =>
  new RpcError(-32005, `query answer larger than ${limit} bytes`, { limit, hint })

/**
 * `-32005`: a query took longer than the query timeout; for a caller-sized query, `data` says the
 * limit and how to ask for less (`{ limitMs, hint }`).
 */
export const queryTimeout = (data?: { limitMs: number; hint: string }): RpcError =>
  new RpcError(-32005, 'query timeout exceeded', data)

/** `-32005`: the API key already has `limit` live filters. */
export const tooManyFilters = (limit: number): RpcError =>
  new RpcError(-32005, `filter limit reached: at most ${limit} live filters per API key`, {
    limit,
  })

/** `-32005`: the WebSocket already has `limit` live subscriptions. */
export const tooManySubscriptions = (limit: number): RpcError =>
  new RpcError(
    -32005,
    `subscription limit reached: at most ${limit} subscriptions per connection`,
    { limit },
  )

/**
 * `-32005`: the origin already keeps `limit` subscriptions on the chain (whose one socket every
 * origin's subscriptions share).
 */
export const tooManyOriginSubscriptions = (limit: number): RpcError =>
  new RpcError(
    -32005,
    `subscription limit reached: at most ${limit} subscriptions of this origin on a chain`,
    { limit },
  )

/**
 * `-32005`: the wallet's subscriptions of this origin (or of every origin) would keep more than
 * `limit` bytes of params in storage.
 */
export const subscriptionsTooLarge = (limit: number, per: 'origin' | 'all origins'): RpcError =>
  new RpcError(
    -32005,
    `subscription limit reached: the subscriptions of ${per === 'origin' ? 'this origin' : 'all origins'} keep at most ${limit} bytes of params`,
    { limit },
  )

/** `-32005`: the connection (or the page origin) already has `limit` requests awaiting answers. */
export const tooManyPendingRequests = (
  limit: number,
  per: 'connection' | 'origin' = 'connection',
): RpcError =>
  new RpcError(-32005, `too many pending requests: at most ${limit} per ${per}; wait for answers`, {
    limit,
  })

/** `-32005`: too many open WebSockets for one API key or one remote address. */
export const tooManyConnections = (limit: number, per: 'API key' | 'address'): RpcError =>
  new RpcError(-32005, `connection limit reached: at most ${limit} WebSockets per ${per}`, {
    limit,
  })

/** `-32000`: the filter id is unknown to this API key, uninstalled or expired. */
export const filterNotFound = (): RpcError => new RpcError(-32000, 'filter not found')

/** HTTP 429: the API key's requests per second (keys file) are used up. */
export const requestRateExceeded = (): RpcError =>
  new RpcError(-32005, 'project ID request rate exceeded')

/** HTTP 402: the API key's requests per day (keys file) are used up. */
export const dailyRequestCountExceeded = (): RpcError =>
  new RpcError(-32005, 'daily request count exceeded, request rate limited')

/** HTTP 403: the API key's allowlists (keys file) refuse this origin, method or contract. */
export const rejectedByKeySettings = (detail: string): RpcError =>
  new RpcError(-32002, `rejected due to project ID settings: ${detail}`)

// EIP-1193 provider (DESIGN §7) ---------------------------------------------------------------

/** EIP-1193 `4200`: a method the provider does not support, with the method in `data`. */
export const unsupportedMethod = (method: string): RpcError =>
  new RpcError(4200, 'Unsupported method', { method: echo(method) })

/** EIP-3326 `4902`: a chain the wallet does not have (`hexChainId` as the dapp asked for it). */
export const unrecognizedChain = (hexChainId: string): RpcError =>
  new RpcError(
    4902,
    `Unrecognized chain ID "${echo(hexChainId)}". Try adding the chain using wallet_addEthereumChain first.`,
  )

// The wallet's own windows (the popup) ---------------------------------------------------------

/**
 * Why the wallet refused a request of its own popup, stable so that the popup can react to it
 * (`PopupError.code`): a refused form, the keyring's refusals (a mistyped phrase, a wrong or too
 * short password), the re-typed words of a new phrase not matching, an approval while locked, a
 * network that is not the user's, a request the worker does not know.
 */
export type WalletErrorCode =
  | 'invalid_fields'
  | 'invalid_mnemonic'
  | 'invalid_private_key'
  | 'duplicate_account'
  | 'password_throttled'
  | 'incorrect_password'
  | 'weak_password'
  | 'confirmation_mismatch'
  | 'wallet_locked'
  | 'warning_unacknowledged'
  | 'unknown_network'
  | 'unknown_request'
  | 'phishing_site'
  | 'not_pending'

/**
 * A refusal the user can act on, answered to the popup as `{ message, code, fields? }` (`toJSON`,
 * the wire's `PopupError`). Pages never see it: it is the popup's counterpart of `RpcError`.
 */
export class WalletError extends Error {
  readonly code: WalletErrorCode
  /** A refused form: one message per field, keyed by the field's name (`invalid_fields`). */
  readonly fields: Record<string, string> | undefined

  constructor(
    code: WalletErrorCode,
    message: string,
    options: { fields?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'WalletError'
    this.code = code
    this.fields = options.fields
  }

  /** The error as the popup receives it (no stack, no cause). */
  toJSON(): { message: string; code: WalletErrorCode; fields?: Record<string, string> } {
    return this.fields === undefined
      ? { message: this.message, code: this.code }
      : { message: this.message, code: this.code, fields: this.fields }
  }
}

/** `invalid_fields`: a form the popup sent was refused, one message per field (shown beside it). */
export const invalidFields = (fields: Record<string, string>): WalletError =>
  new WalletError('invalid_fields', Object.values(fields).join(' '), { fields })

/** `invalid_mnemonic`: the secret recovery phrase is not a valid BIP-39 English mnemonic. */
export const invalidMnemonic = (detail: string): WalletError =>
  new WalletError('invalid_mnemonic', `Invalid secret recovery phrase: ${detail}`)

/**
 * `invalid_private_key`: what the user pasted to import is not a private key the wallet reads. The
 * message says why and never repeats the input (a secret).
 */
export const invalidPrivateKey = (reason: string): WalletError =>
  new WalletError('invalid_private_key', `Not a private key: ${reason}`)

/** `duplicate_account`: the key imported is one of the wallet's accounts already. */
export const duplicateAccount = (address: string): WalletError =>
  new WalletError(
    'duplicate_account',
    `This key's account (${echo(address)}) is already in the wallet`,
  )

/**
 * `password_throttled`: too many wrong passwords in a row; the next attempt is refused, untried,
 * until `waitMs` has passed (DESIGN §9).
 */
export const passwordThrottled = (waitMs: number): WalletError => {
  const seconds = Math.ceil(waitMs / 1000)
  return new WalletError(
    'password_throttled',
    `Too many wrong passwords. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  )
}

/** `incorrect_password`; `cause` keeps the decryption failure for debugging, not for the user. */
export const incorrectPassword = (cause?: unknown): WalletError =>
  new WalletError('incorrect_password', 'Incorrect password', { cause })

/** `weak_password`: shorter than `minLength` characters. */
export const weakPassword = (minLength: number): WalletError =>
  new WalletError('weak_password', `The password must have at least ${minLength} characters`)

/** `confirmation_mismatch`: the user re-typed the wrong words while confirming a new mnemonic. */
export const confirmationMismatch = (): WalletError =>
  new WalletError('confirmation_mismatch', 'The words do not match your secret recovery phrase')

/** `wallet_locked`: approving, signing or adding an account needs the wallet unlocked first. */
export const walletLocked = (): WalletError =>
  new WalletError('wallet_locked', 'Unlock the wallet first')

/**
 * `warning_unacknowledged`: an approval of a confirmation with a `block` warning the user did not
 * step past (DESIGN §11: the worker does not take the window's word for it).
 */
export const warningUnacknowledged = (kinds: string[]): WalletError =>
  new WalletError(
    'warning_unacknowledged',
    `Read the warning first: ${kinds.map((kind) => echo(kind, 40)).join(', ')}`,
  )

/** `unknown_network`: the popup named a network to replace that is not one the user added. */
export const notYourNetwork = (chainId: string): WalletError =>
  new WalletError('unknown_network', `${echo(chainId)} is not one of your networks`)

/**
 * `phishing_site`: a connection to a host on the phishing lists cannot be approved before the user
 * has chosen, on the warning page, to continue to it.
 */
export const phishingSite = (host: string): WalletError =>
  new WalletError(
    'phishing_site',
    `${echo(host)} is on the phishing list: continue past the warning first`,
  )

/** `unknown_request`: a popup message of a type the worker does not answer. */
export const unknownPopupRequest = (type: string): WalletError =>
  new WalletError('unknown_request', `Unknown request ${echo(type)}`)

/**
 * An answer's error object thrown again as it came (a signer's refusal of the wallet's own send,
 * `core/wallet/send/sendFromWallet.ts`): its code, message and data unchanged.
 */
export const rethrownAnswerError = (error: RpcErrorObject): RpcError =>
  new RpcError(error.code, error.message, error.data)
/** `not_pending`: a speed-up or cancel of a transaction the wallet does not know as pending. */
export const notPending = (): WalletError =>
  new WalletError('not_pending', 'This transaction is no longer pending')

/** Any thrown value as an `RpcError`: RpcErrors pass through, anything else becomes `-32603`. */
export function toRpcError(error: unknown): RpcError {
  if (error instanceof RpcError) return error
  return internalError(error instanceof Error ? error.message : String(error))
}
