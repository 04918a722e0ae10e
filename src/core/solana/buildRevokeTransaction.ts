import { address, createNoopSigner } from '@solana/kit'
import { getRevokeInstruction } from '@solana-program/token'
import type { NodeCall } from '../eth/nodeCall.ts'
import { compileWalletTransaction } from './compileWalletTransaction.ts'

/**
 * The wallet's own revoke of a token account's delegate (the approval manager, DESIGN §11): the
 * token program's `Revoke` of `account`, signed by its owner `owner`, who pays the fee; built with
 * `@solana-program/token`'s instruction under the account's own `program` (Token-2022 shares SPL
 * Token's `Revoke` layout). Unsigned wire bytes for the confirmation.
 *
 * @example
 * await buildRevokeTransaction({ call, owner, account, program: TOKEN_PROGRAM_ADDRESS })
 * // Uint8Array(…)
 */
export async function buildRevokeTransaction({
  call,
  owner,
  account,
  program,
}: {
  call: NodeCall
  owner: string
  account: string
  program: string
}): Promise<Uint8Array> {
  const signer = createNoopSigner(address(owner))
  const revoke = getRevokeInstruction(
    { source: address(account), owner: signer },
    { programAddress: address(program) },
  )
  return compileWalletTransaction(call, signer.address, [revoke])
}
