import type { AccountId, ChainId, NormalizedScope } from '../caip/types.ts'
import { callNode } from '../multichain/callNode.ts'
import type { Namespace, NamespaceKnowledge, ScopeSupport } from '../multichain/namespace.ts'
import type { SignerAnswer } from '../multichain/ports.ts'
import type { RequestIdentity } from '../protocol/requestIdentity.ts'
import { invalidParams, unauthorized } from '../rpc/errors.ts'
import type { Json } from '../rpc/types.ts'
import { activeAccountChanged, solanaAccountChangedNotifications } from './activeAccountChanged.ts'
import { checkGenesisHash } from './checkGenesisHash.ts'
import { type DecodedTransaction, decodeTransaction } from './decodeTransaction.ts'
import {
  parseSignInParams,
  parseSignMessageParams,
  parseSignTransactionParams,
  type SignInParams,
  type SignMessageParams,
  type SignTransactionParams,
} from './parseSigningParams.ts'
import { originDomain } from './signInMessage.ts'

/** The methods a `solana:<ref>` scope supports (DESIGN §8); no notifications. */
export const solanaScopeMethods = [
  'signMessage',
  'signTransaction',
  'signAndSendTransaction',
  'signIn',
  'getGenesisHash',
  'getLatestBlockhash',
] as const

/** The ones the user confirms in the confirmation window. */
export const solanaConfirmedMethods: readonly string[] = [
  'signMessage',
  'signTransaction',
  'signAndSendTransaction',
  'signIn',
]

/** A Solana signing request the namespace has checked (params valid, the account granted). */
export type SolanaSigningRequest = { origin: string; chainId: ChainId } & RequestIdentity &
  (
    | { method: 'signMessage'; params: SignMessageParams }
    | {
        method: 'signTransaction' | 'signAndSendTransaction'
        params: SignTransactionParams
        transaction: DecodedTransaction
      }
    | { method: 'signIn'; params: SignInParams & { domain: string; address: string } }
  )

/**
 * Confirms with the user and signs with the account's ed25519 key (in the worker only): the
 * confirmation window shows the request, and on approval the signature (and, for
 * `signAndSendTransaction`, the node's acceptance) is the answer. Throws `4001` when rejected.
 */
export interface SolanaSigner {
  sign(request: SolanaSigningRequest): Promise<SignerAnswer>
}

/** The base58 addresses of a scope's granted accounts (`solana:<ref>:<address>`), in grant order. */
const grantedAddresses = (scope: NormalizedScope): string[] =>
  scope.accounts.map((account) => account.slice(account.lastIndexOf(':') + 1))

/** `4100` unless `address` is exactly one of the scope's accounts (base58 is case-sensitive). */
function requireGranted(scope: NormalizedScope, address: string): void {
  if (!grantedAddresses(scope).includes(address)) throw unauthorized()
}

/**
 * What the `solana` namespace knows (DESIGN §8): each enabled Solana network supports
 * `solanaScopeMethods`; accounts are `solana:<ref>:<base58>`, matched exactly; an endpoint the user
 * gives must answer `getGenesisHash` with the cluster's hash (`checkGenesisHash`). A session with
 * `solana_accountChanged_notifications` hears `metamask_accountsChanged` when its active Solana
 * account moves (`activeAccountChanged`).
 */
export const solanaNamespaceKnowledge: NamespaceKnowledge = {
  name: 'solana',
  title: 'Solana',
  chains(networks) {
    const chains: Record<ChainId, ScopeSupport> = {}
    for (const network of networks) {
      if (network.enabled && network.chainId.startsWith('solana:')) {
        chains[network.chainId] = { methods: [...solanaScopeMethods], notifications: [] }
      }
    }
    return chains
  },
  addresses: (accounts) => accounts.addresses?.solana ?? [],
  accountId: (chainId, address): AccountId => `${chainId}:${address}`,
  sameAddress: (a, b) => a === b,
  checkEndpoint: checkGenesisHash,
  confirmedMethods: solanaConfirmedMethods,
  // A second run of these is a second prompt (and a second broadcast for the sending one).
  replayedMethods: solanaConfirmedMethods,
  sessionFlags: [solanaAccountChangedNotifications],
  sessionChangeNotifications: activeAccountChanged,
}

/**
 * The `solana` namespace answering calls: `getGenesisHash` and `getLatestBlockhash` go to the
 * chain's node, the signing methods to `signer` once their params are checked (`-32602`, a
 * transaction our account does not sign included) and the account is granted (`4100`).
 */
export function createSolanaNamespace(ports: { signer: SolanaSigner }): Namespace {
  const { signer } = ports
  return {
    ...solanaNamespaceKnowledge,
    async invoke(context, call, { chainId, scope, method, params }) {
      const { requestKey, requestDigest } = call
      const base = { origin: call.origin, chainId, requestKey, requestDigest }
      switch (method) {
        case 'signMessage': {
          const parsed = parseSignMessageParams(params)
          if ('problems' in parsed) throw invalidParams(parsed.problems)
          requireGranted(scope, parsed.params.address)
          return signer.sign({ ...base, method, params: parsed.params })
        }
        case 'signTransaction':
        case 'signAndSendTransaction': {
          const parsed = parseSignTransactionParams(params, chainId)
          if ('problems' in parsed) throw invalidParams(parsed.problems)
          requireGranted(scope, parsed.params.address)
          const decoded = decodeTransaction(parsed.params.transaction)
          if ('problems' in decoded) throw invalidParams(decoded.problems)
          if (!decoded.transaction.signers.includes(parsed.params.address)) {
            throw invalidParams([
              { path: 'account.address', message: 'is not a required signer of the transaction' },
            ])
          }
          return signer.sign({
            ...base,
            method,
            params: parsed.params,
            transaction: decoded.transaction,
          })
        }
        case 'signIn': {
          const parsed = parseSignInParams(params)
          if ('problems' in parsed) throw invalidParams(parsed.problems)
          const address = parsed.params.address ?? grantedAddresses(scope)[0]
          if (address === undefined) throw unauthorized()
          requireGranted(scope, address)
          const domain = parsed.params.domain ?? originDomain(call.origin)
          return signer.sign({ ...base, method, params: { ...parsed.params, address, domain } })
        }
        default: {
          const nodeParams = params as Json[] | Record<string, Json> | undefined
          return callNode(() => context.ports.nodes.request(chainId, method, nodeParams))
        }
      }
    },
  }
}
