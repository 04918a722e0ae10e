import type { Address } from 'viem'
import { isAddressEqual } from 'viem'
import type { ChainId, NormalizedScope as SessionScope } from '../caip/types.ts'
import type { HandlerAnswer, HandlerCall } from '../multichain/namespace.ts'
import { invalidParams, unauthorized } from '../rpc/errors.ts'
import type { Json } from '../rpc/types.ts'
import { findBadChecksums } from './findBadChecksums.ts'
import type { SigningMethod } from './methods.ts'
import { parsePersonalSignParams } from './parsePersonalSignParams.ts'
import { parseSendCallsParams } from './parseSendCallsParams.ts'
import { parseTransactionParams } from './parseTransactionParams.ts'
import { parseTypedDataParams } from './parseTypedDataParams.ts'
import { toQuantity } from './quantity.ts'
import type { Signer } from './signer.ts'

/** The addresses of a scope's granted accounts (`eip155:<n>:<address>`), in grant order. */
const grantedAddresses = (scope: SessionScope): Address[] =>
  scope.accounts.map((account) => account.slice(account.lastIndexOf(':') + 1) as Address)

/** `4100` unless `address` is one of the scope's accounts (compared case-insensitively). */
function requireGranted(scope: SessionScope, address: Address): void {
  if (!grantedAddresses(scope).some((granted) => isAddressEqual(granted, address))) {
    throw unauthorized()
  }
}

/** The `<n>` of an `eip155:<n>` scope; signing is only offered on `eip155` scopes. */
const chainNumberOf = (chainId: ChainId): bigint => {
  const reference = chainId.slice(chainId.indexOf(':') + 1)
  if (!chainId.startsWith('eip155:') || !/^[0-9]{1,32}$/.test(reference)) throw unauthorized()
  return BigInt(reference)
}

/**
 * `wallet_getCapabilities [address, chainIds?]` (EIP-5792): what this wallet offers on the scope's
 * chain, keyed by its hex id — batches run as separate transactions, so `atomic` is unsupported.
 */
function capabilities(scope: SessionScope, chainNumber: bigint, params: unknown): Json {
  const [address, chainIds] = Array.isArray(params) ? params : []
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
    throw invalidParams([{ path: 'params[0]', message: 'must be a 20-byte hex address' }])
  }
  if (
    chainIds !== undefined &&
    !(Array.isArray(chainIds) && chainIds.every((id) => typeof id === 'string'))
  ) {
    throw invalidParams([{ path: 'params[1]', message: 'must be an array of hex chain ids' }])
  }
  requireGranted(scope, address as Address)
  const hexChainId = toQuantity(chainNumber)
  const wanted =
    chainIds === undefined ||
    (chainIds as string[]).some((id) => /^0x[0-9a-fA-F]+$/.test(id) && BigInt(id) === chainNumber)
  return wanted ? { [hexChainId]: { atomic: { status: 'unsupported' } } } : {}
}

/**
 * The signing methods of an `eip155` scope (DESIGN §4 "Signing"), already granted in `scope`:
 * params are checked (`-32602` with each problem in `data`), the signing address must be one of
 * the scope's accounts (`4100`), then `signer` asks the user and signs. `eth_accounts` and
 * `wallet_getCapabilities` are answered without a prompt.
 */
export async function invokeSigningMethod(
  signer: Signer,
  call: HandlerCall,
  target: { chainId: ChainId; scope: SessionScope; method: SigningMethod; params: unknown },
): Promise<HandlerAnswer> {
  const { chainId, scope, method, params } = target
  const chainNumber = chainNumberOf(chainId)
  const { requestKey, requestDigest } = call
  const base = { origin: call.origin, chainId, requestKey, requestDigest }
  switch (method) {
    case 'eth_accounts':
      return { result: grantedAddresses(scope) }
    case 'wallet_getCapabilities':
      return { result: capabilities(scope, chainNumber, params) }
    case 'wallet_getCallsStatus': {
      const [id] = Array.isArray(params) ? params : []
      if (typeof id !== 'string' || id.length === 0 || id.length > 4096) {
        throw invalidParams([{ path: 'params[0]', message: 'must be a batch id' }])
      }
      return { result: await signer.callsStatus({ origin: call.origin, chainId, id }) }
    }
    case 'personal_sign': {
      const parsed = parsePersonalSignParams(params)
      if ('problems' in parsed) throw invalidParams(parsed.problems)
      requireGranted(scope, parsed.params.address)
      return signer.sign({ ...base, method, params: parsed.params })
    }
    case 'eth_signTypedData_v4': {
      const parsed = parseTypedDataParams(params, chainNumber)
      if ('problems' in parsed) throw invalidParams(parsed.problems)
      requireGranted(scope, parsed.params.address)
      return signer.sign({ ...base, method, params: parsed.params })
    }
    case 'eth_sendTransaction': {
      const parsed = parseTransactionParams(params, chainNumber)
      if ('problems' in parsed) throw invalidParams(parsed.problems)
      requireGranted(scope, parsed.request.from)
      const badChecksums = findBadChecksums(Array.isArray(params) ? params[0] : undefined)
      return signer.sign({ ...base, method, params: parsed.request, badChecksums })
    }
    case 'wallet_sendCalls': {
      const parsed = parseSendCallsParams(params, chainNumber)
      if ('problems' in parsed) throw invalidParams(parsed.problems)
      if ('refusal' in parsed) throw parsed.refusal
      const from = parsed.params.from ?? grantedAddresses(scope)[0]
      if (from === undefined) throw unauthorized()
      requireGranted(scope, from)
      const [batch] = params as [{ calls: unknown[] }]
      const badChecksums = batch.calls.flatMap(findBadChecksums)
      return signer.sign({ ...base, method, params: { ...parsed.params, from }, badChecksums })
    }
  }
}
