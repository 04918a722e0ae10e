import { isObject } from '@metamask/utils'
import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignAndSendTransactionInput,
  SolanaSignIn,
  type SolanaSignInFeature,
  type SolanaSignInInput,
  type SolanaSignInOutput,
  SolanaSignMessage,
  type SolanaSignMessageFeature,
  type SolanaSignMessageInput,
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
  type SolanaSignTransactionInput,
} from '@solana/wallet-standard-features'
import type { WalletAccount, WalletIcon, WalletWithFeatures } from '@wallet-standard/base'
import {
  StandardConnect,
  type StandardConnectFeature,
  StandardDisconnect,
  type StandardDisconnectFeature,
  StandardEvents,
  type StandardEventsChangeProperties,
  type StandardEventsFeature,
  type StandardEventsListeners,
} from '@wallet-standard/features'
import { signInFields } from '../../core/solana/signInFields.ts'
import {
  solanaScopeOfStandardChain,
  solanaStandardChainNames,
  standardChainOfSolanaScope,
} from '../../core/solana/walletStandardChains.ts'
import { decodeBase58 } from './base58.ts'
import { decodeBase64, encodeBase64 } from './base64.ts'
import { type SolanaSessionAccount, solanaSessionAccounts } from './solanaSessionAccounts.ts'
import {
  invalidInput,
  toWalletRequestError,
  unauthorizedAccount,
  WalletRequestError,
} from './walletRequestError.ts'

/**
 * How the wallet object reaches the worker. Every method resolves with the wallet's answer or
 * rejects with its plain `{ code, message, data? }` error, as `window.aperture.request` does.
 */
export type SolanaWalletChannel = {
  /**
   * Adds the Solana scope with the accounts the user chooses to the origin's session (approval
   * window; none when the session holds Solana accounts already, or when `silent`: then it only
   * reads); resolves with the session after, as `wallet_getSession` shows it.
   */
  connect(silent: boolean): Promise<unknown>
  /** Removes the origin's Solana scopes from its session, nothing else; resolves with the session after. */
  disconnect(): Promise<unknown>
  /** `wallet_invokeMethod { scope, request }`: the same handlers as the Multichain API's. */
  invokeMethod(
    scope: string,
    request: { method: string; params: Record<string, unknown> },
  ): Promise<unknown>
  /** Calls `listener` with the `sessionScopes` of every `wallet_sessionChanged` of the origin. */
  onSessionChanged(listener: (sessionScopes: unknown) => void): void
}

export type CreateSolanaWalletParameters = {
  channel: SolanaWalletChannel
  /** The same ≥ 96 px data-URI icon as the other announces. */
  icon: WalletIcon
  /** The page's `location.host`: the SIWS `domain` when the dapp gives none. */
  host: string
}

export type ApertureSolanaFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature &
  SolanaSignInFeature

export type ApertureSolanaWallet = WalletWithFeatures<ApertureSolanaFeatures>

const accountFeatures: `${string}:${string}`[] = [
  SolanaSignMessage,
  SolanaSignTransaction,
  SolanaSignAndSendTransaction,
  SolanaSignIn,
]

const sessionScopesOf = (session: unknown): unknown =>
  isObject(session) ? session.sessionScopes : undefined

/** A string member of the wallet's answer, or `-32603` when the answer lacks it. */
function answerString(answer: unknown, name: string): string {
  const value = isObject(answer) ? answer[name] : undefined
  if (typeof value !== 'string') {
    throw new WalletRequestError(-32603, 'Internal error', { cause: `no ${name} in the answer` })
  }
  return value
}

function answerBytes(answer: unknown, name: string, decode: typeof decodeBase64): Uint8Array {
  const bytes = decode(answerString(answer, name))
  if (!bytes) {
    throw new WalletRequestError(-32603, 'Internal error', { cause: `${name} is not encoded` })
  }
  return bytes
}

function inputBytes(value: unknown, name: string): string {
  if (!(value instanceof Uint8Array)) throw invalidInput(`${name} must be a Uint8Array`)
  return encodeBase64(value)
}

/**
 * A read-only wallet account: frozen, its key and lists handed out as copies — what
 * `@wallet-standard/wallet`'s `ReadonlyWalletAccount` does, without its class-field helpers (a
 * kilobyte of the page script).
 */
function readonlyAccount(address: string, chains: `${string}:${string}`[]): WalletAccount {
  const publicKey = decodeBase58(address) ?? new Uint8Array()
  return Object.freeze({
    address,
    get publicKey() {
      return publicKey.slice()
    },
    get chains() {
      return chains.slice()
    },
    get features() {
      return accountFeatures.slice()
    },
  })
}

/** The options of a sign-and-send input the wallet takes, without the members left undefined. */
function sendOptions(
  options: SolanaSignAndSendTransactionInput['options'],
): Record<string, unknown> {
  const kept: Record<string, unknown> = {}
  if (!isObject(options)) return kept
  const given: Record<string, unknown> = options
  for (const name of [
    'commitment',
    'preflightCommitment',
    'skipPreflight',
    'maxRetries',
    'minContextSlot',
  ]) {
    if (given[name] !== undefined) kept[name] = given[name]
  }
  return kept
}

/**
 * Aperture as a Solana Wallet Standard wallet (DESIGN §8), over the origin's one CAIP-25 session:
 * its accounts are the session's Solana accounts, `standard:connect` adds the Solana scope (through
 * the approval window) and `standard:disconnect` removes it, and the signing features call the
 * `solana:<ref>` scope methods through `wallet_invokeMethod`. A session change made by any API
 * (Multichain API, the popup, expiry) reaches `standard:events` listeners as `change { accounts }`.
 */
export function createSolanaWallet(parameters: CreateSolanaWalletParameters): ApertureSolanaWallet {
  const { channel, icon, host } = parameters
  let accounts: WalletAccount[] = []
  const listeners = new Set<StandardEventsListeners['change']>()

  const emit = (properties: StandardEventsChangeProperties): void => {
    for (const listener of [...listeners]) {
      try {
        listener(properties)
      } catch (error) {
        console.error(error)
      }
    }
  }

  const accountOf = ({ address, scopes }: SolanaSessionAccount): WalletAccount => {
    const chains = scopes.map(standardChainOfSolanaScope)
    const known = accounts.find((account) => account.address === address)
    if (known && known.chains.join() === chains.join()) return known
    return readonlyAccount(address, chains)
  }

  /** Takes the session's Solana accounts; `change` when they (or their chains) differ. */
  const update = (sessionScopes: unknown): void => {
    const next = solanaSessionAccounts(sessionScopes).map(accountOf)
    const same =
      next.length === accounts.length && next.every((account, index) => account === accounts[index])
    if (same) return
    accounts = next
    emit({ accounts: [...accounts] })
  }

  channel.onSessionChanged(update)

  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request()
    } catch (error) {
      throw toWalletRequestError(error)
    }
  }

  /** The session scope to sign in: the chain the dapp names, else the account's first chain. */
  const scopeFor = (account: WalletAccount, chain: string | undefined): string => {
    if (!isObject(account) || typeof account.address !== 'string') {
      throw invalidInput('account must be a wallet account')
    }
    if (chain !== undefined) return solanaScopeOfStandardChain(chain)
    const ours = accounts.find((known) => known.address === account.address)
    const first = ours?.chains[0]
    if (first === undefined) throw unauthorizedAccount()
    return solanaScopeOfStandardChain(first)
  }

  const invoke = (scope: string, method: string, params: Record<string, unknown>) =>
    call(() => channel.invokeMethod(scope, { method, params }))

  const connect: StandardConnectFeature[typeof StandardConnect]['connect'] = async (input) => {
    const session = await call(() => channel.connect(input?.silent === true))
    update(sessionScopesOf(session))
    return { accounts: [...accounts] }
  }

  const signMessage = async (input: SolanaSignMessageInput) => {
    const scope = scopeFor(input.account, undefined)
    const answer = await invoke(scope, 'signMessage', {
      account: { address: input.account.address },
      message: inputBytes(input.message, 'message'),
    })
    return {
      signedMessage: answerBytes(answer, 'signedMessage', decodeBase64),
      signature: answerBytes(answer, 'signature', decodeBase58),
      signatureType: 'ed25519' as const,
    }
  }

  /** `signTransaction` / `signAndSendTransaction` params, and the scope to invoke them in. */
  const transactionCall = (input: SolanaSignTransactionInput) => {
    const scope = scopeFor(input.account, input.chain)
    const options = sendOptions(input.options)
    const params = {
      account: { address: input.account.address },
      transaction: inputBytes(input.transaction, 'transaction'),
      scope,
      ...(Object.keys(options).length > 0 ? { options } : {}),
    }
    return { scope, params }
  }

  const signTransaction = async (input: SolanaSignTransactionInput) => {
    const { scope, params } = transactionCall(input)
    const answer = await invoke(scope, 'signTransaction', params)
    return { signedTransaction: answerBytes(answer, 'signedTransaction', decodeBase64) }
  }

  const signAndSendTransaction = async (input: SolanaSignAndSendTransactionInput) => {
    const { scope, params } = transactionCall(input)
    const answer = await invoke(scope, 'signAndSendTransaction', params)
    return { signature: answerBytes(answer, 'signature', decodeBase58) }
  }

  /** Sign-in With Solana: connects first when the page has no account yet (SIWS signs you in). */
  const signIn = async (input: SolanaSignInInput = {}): Promise<SolanaSignInOutput> => {
    if (accounts.length === 0) await connect()
    const address = input.address ?? accounts[0]?.address
    const account = accounts.find((known) => known.address === address)
    if (!account) throw unauthorizedAccount()
    const chain =
      input.chainId === undefined
        ? undefined
        : input.chainId.startsWith('solana:')
          ? input.chainId
          : `solana:${input.chainId}`
    const scope = scopeFor(account, chain)
    const params: Record<string, unknown> = { domain: host, address: account.address }
    for (const name of signInFields) {
      if (typeof input[name] === 'string') params[name] = input[name]
    }
    if (Array.isArray(input.resources)) params.resources = [...input.resources]
    const answer = await invoke(scope, 'signIn', params)
    const signedAddress = isObject(answer) ? answerString(answer.account, 'address') : ''
    return {
      account: accounts.find((known) => known.address === signedAddress) ?? account,
      signedMessage: answerBytes(answer, 'signedMessage', decodeBase64),
      signature: answerBytes(answer, 'signature', decodeBase58),
      signatureType: 'ed25519',
    }
  }

  /** Runs a feature over each of its inputs in turn (each is its own confirmation). */
  const each =
    <Input, Output>(feature: (input: Input) => Promise<Output>) =>
    async (...inputs: readonly Input[]): Promise<readonly Output[]> => {
      const outputs: Output[] = []
      for (const input of inputs) outputs.push(await feature(input))
      return outputs
    }

  const supportedTransactionVersions = ['legacy', 0] as const

  const wallet: ApertureSolanaWallet = {
    version: '1.0.0',
    name: 'Aperture',
    icon,
    chains: solanaStandardChainNames,
    get accounts() {
      return [...accounts]
    },
    features: {
      [StandardConnect]: { version: '1.0.0', connect },
      [StandardDisconnect]: {
        version: '1.0.0',
        disconnect: async () => {
          update(sessionScopesOf(await call(() => channel.disconnect())))
        },
      },
      [StandardEvents]: {
        version: '1.0.0',
        on: (event, listener) => {
          if (event !== 'change' || typeof listener !== 'function') return () => undefined
          listeners.add(listener)
          return () => void listeners.delete(listener)
        },
      },
      [SolanaSignMessage]: { version: '1.1.0', signMessage: each(signMessage) },
      [SolanaSignTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions,
        signTransaction: each(signTransaction),
      },
      [SolanaSignAndSendTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions,
        signAndSendTransaction: each(signAndSendTransaction),
      },
      [SolanaSignIn]: { version: '1.0.0', signIn: each(signIn) },
    },
  }
  // A page script cannot replace a feature's methods (as with `window.aperture`).
  for (const feature of Object.values(wallet.features)) Object.freeze(feature)
  Object.freeze(wallet.features)
  return Object.freeze(wallet)
}
