import { isObject } from '@metamask/utils'
import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { type NodeCall, nodeResult } from '../eth/nodeCall.ts'

/** The node's latest blockhash (`getLatestBlockhash` at `confirmed`). */
export async function latestBlockhash(call: NodeCall) {
  const answer = await nodeResult(call, 'getLatestBlockhash', [{ commitment: 'confirmed' }])
  const value = isObject(answer) && isObject(answer.value) ? answer.value : {}
  const { blockhash, lastValidBlockHeight } = value
  if (typeof blockhash !== 'string' || typeof lastValidBlockHeight !== 'number') {
    throw new Error('the node answered getLatestBlockhash without a blockhash')
  }
  return { blockhash: blockhash as Blockhash, lastValidBlockHeight: BigInt(lastValidBlockHeight) }
}

/**
 * One of the wallet's own Solana transactions, unsigned: a v0 message of `instructions` with
 * `feePayer` paying and the node's latest blockhash, as wire bytes with the signature slots empty.
 * The confirmation shows it; the account signs it once approved.
 *
 * @example
 * await compileWalletTransaction(call, from, [getRevokeInstruction({ source, owner })])
 * // Uint8Array(…)
 */
export async function compileWalletTransaction(
  call: NodeCall,
  feePayer: Address,
  instructions: readonly Instruction[],
): Promise<Uint8Array> {
  const lifetime = await latestBlockhash(call)
  return compileInstructions(feePayer, lifetime, instructions)
}

/** `instructions` compiled with a known lifetime (pure). */
export function compileInstructions(
  feePayer: Address,
  lifetime: Awaited<ReturnType<typeof latestBlockhash>>,
  instructions: readonly Instruction[],
): Uint8Array {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayer(feePayer, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(lifetime, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}
