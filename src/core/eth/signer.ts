import type { Address } from 'viem'
import type { ChainId } from '../caip/types.ts'
import type { SignerAnswer } from '../multichain/ports.ts'
import type { RequestIdentity } from '../protocol/requestIdentity.ts'
import type { Json } from '../rpc/types.ts'
import type { FeeChoice } from './fees/chooseFee.ts'
import type { PersonalSignParams } from './parsePersonalSignParams.ts'
import type { SendCallsParams } from './parseSendCallsParams.ts'
import type { TransactionRequest } from './parseTransactionParams.ts'
import type { TypedDataParams } from './parseTypedDataParams.ts'

/**
 * A signing request the `eip155` namespace has checked (params valid, the signing address granted
 * in the scope), on behalf of the page request `requestKey` (`<connection>/<id>`, repeated by a
 * re-send, with the same `requestDigest`). `badChecksums`: the addresses a page's transaction wrote
 * mixed-case with a bad EIP-55 checksum (`findBadChecksums`), read before its params lost their case.
 * `fee`: the fee the wallet's owner picked on the send screen (the wallet's own send only, never a
 * page's): the confirmation starts on that choice of its own market, so it shows what was picked.
 */
export type SigningRequest = { origin: string; chainId: ChainId } & RequestIdentity &
  (
    | { method: 'personal_sign'; params: PersonalSignParams }
    | { method: 'eth_signTypedData_v4'; params: TypedDataParams }
    | {
        method: 'eth_sendTransaction'
        params: TransactionRequest
        badChecksums?: string[]
        fee?: FeeChoice
      }
    | {
        method: 'wallet_sendCalls'
        params: SendCallsParams & { from: Address }
        badChecksums?: string[]
      }
  )

/**
 * Confirms with the user and signs: shows the request in the confirmation window, and once it is
 * approved signs it (and broadcasts a transaction) with the account's key, which never leaves the
 * wallet. Throws `4001` when the user rejects; node errors come back as `{ error }`.
 */
export interface Signer {
  sign(request: SigningRequest): Promise<SignerAnswer>
  /** `wallet_getCallsStatus` of one of `origin`'s batches (`5730` when it has none with this id). */
  callsStatus(query: { origin: string; chainId: ChainId; id: string }): Promise<Json>
}
