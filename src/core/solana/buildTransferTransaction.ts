import { isObject } from '@metamask/utils'
import { type Address, address, createNoopSigner, type Instruction } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token'
import { type NodeCall, nodeResult } from '../eth/nodeCall.ts'
import { compileInstructions, latestBlockhash } from './compileWalletTransaction.ts'

/** The token a Solana send moves, as the account holds it (`readTokenHoldings`). */
export type SolanaSendToken = { mint: string; decimals: number; program: string; source: string }

export type BuildTransferParameters = {
  call: NodeCall
  /** The sender: fee payer and the only signer. */
  from: string
  to: string
  /** Base units: lamports, or the token's units. */
  amount: bigint
  /** Absent for SOL. */
  token?: SolanaSendToken
}

/**
 * An unsigned transfer, ready for the confirmation: the wire bytes (signature slot empty), and —
 * for a token — the recipient's associated token account and whether this transaction creates it.
 */
export type BuiltTransfer = {
  transaction: Uint8Array
  destination?: string
  createsAccount: boolean
}

/** Whether an account exists at `account` (`getAccountInfo` at `confirmed`). */
async function accountExists(call: NodeCall, account: string): Promise<boolean> {
  const answer = await nodeResult(call, 'getAccountInfo', [
    account,
    { encoding: 'base64', commitment: 'confirmed', dataSlice: { offset: 0, length: 0 } },
  ])
  return isObject(answer) && answer.value !== null && answer.value !== undefined
}

/**
 * The instructions of a token send: `transferChecked` (mint and decimals checked by the program)
 * from the account's token account to the recipient's associated token account, created first
 * (idempotently, paid by the sender) when it does not exist yet. Token-2022 uses the same
 * instruction layouts under its own program id.
 */
async function tokenInstructions(
  call: NodeCall,
  sender: ReturnType<typeof createNoopSigner>,
  to: Address,
  amount: bigint,
  token: SolanaSendToken,
): Promise<{ instructions: Instruction[]; destination: string; createsAccount: boolean }> {
  const mint = address(token.mint)
  const tokenProgram = address(token.program)
  const [destination] = await findAssociatedTokenPda({ owner: to, mint, tokenProgram })
  const createsAccount = !(await accountExists(call, destination))
  const transfer = getTransferCheckedInstruction(
    {
      source: address(token.source),
      mint,
      destination,
      authority: sender,
      amount,
      decimals: token.decimals,
    },
    { programAddress: tokenProgram },
  )
  const create = getCreateAssociatedTokenIdempotentInstruction({
    payer: sender,
    ata: destination,
    owner: to,
    mint,
    tokenProgram,
  })
  return {
    instructions: createsAccount ? [create, transfer] : [transfer],
    destination,
    createsAccount,
  }
}

/**
 * Builds the wallet's own Solana send (DESIGN §9) with the kept instruction builders
 * (`@solana-program/system`, `@solana-program/token`): SOL by a System transfer, a token by
 * `transferChecked` to the recipient's associated token account, created in the same transaction
 * when it is missing. A v0 message with the node's latest blockhash and the sender as fee payer,
 * unsigned: the confirmation shows it, the account signs it once approved.
 *
 * @example
 * await buildTransferTransaction({ call, from, to, amount: 1_000_000n })
 * // { transaction: Uint8Array(…), createsAccount: false }
 */
export async function buildTransferTransaction({
  call,
  from,
  to,
  amount,
  token,
}: BuildTransferParameters): Promise<BuiltTransfer> {
  const sender = createNoopSigner(address(from))
  const recipient = address(to)
  const [lifetime, built] = await Promise.all([
    latestBlockhash(call),
    token
      ? tokenInstructions(call, sender, recipient, amount, token)
      : {
          instructions: [
            getTransferSolInstruction({ source: sender, destination: recipient, amount }),
          ],
          destination: undefined,
          createsAccount: false,
        },
  ])
  const transaction = compileInstructions(sender.address, lifetime, built.instructions)
  return {
    transaction,
    createsAccount: built.createsAccount,
    ...(built.destination ? { destination: built.destination } : {}),
  }
}
