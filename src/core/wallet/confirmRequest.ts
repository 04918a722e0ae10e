import type { ChainId } from '../caip/types.ts'
import type { RequestIdentity } from '../protocol/requestIdentity.ts'
import type { Json } from '../rpc/types.ts'
import type { ConfirmationRecord, Confirmations } from './createConfirmations.ts'

/** A checked page request that needs the user: whose it is, on which chain, and its identity. */
export type ConfirmableRequest = { origin: string; chainId: ChainId } & RequestIdentity

/**
 * Puts `request` in the confirmation queue as a `kind` confirmation whose view `view` builds, or
 * finds its record again when the page re-sent it after a restart (then `view` is not called and
 * the record keeps what the window showed). Resolves with the record once the user approved.
 */
export function confirmRequest<Views, Kind extends keyof Views & string>(
  confirmations: Confirmations,
  request: ConfirmableRequest,
  kind: Kind,
  view: () => Promise<Views[Kind]>,
): Promise<ConfirmationRecord> {
  return confirmations.confirm(
    {
      requestKey: request.requestKey,
      requestDigest: request.requestDigest,
      origin: request.origin,
      chainId: request.chainId,
      kind,
    },
    async () => (await view()) as unknown as Json,
  )
}
