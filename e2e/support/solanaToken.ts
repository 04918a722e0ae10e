import {
  address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getInitializeAccount3Instruction,
  getInitializeMint2Instruction,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { expect } from '../fixtures.ts'
import type { RunningEndpoint } from './endpoint.ts'
import { balanceOf, statusOf, surfpool } from './solanaDapp.ts'

/** An SPL Token mint with two token accounts: `source` owned by the wallet's account, `destination` by another. */
export type TokenSetUp = { mint: string; source: string; destination: string; decimals: number }

const mintSize = 82n
const tokenAccountSize = 165n

/** Signs `instructions` with the set-up's own keys and sends them to the node; waits until confirmed. */
async function sendSetUp(
  endpoint: RunningEndpoint,
  payer: KeyPairSigner,
  instructions: Instruction[],
): Promise<void> {
  const rpc = createSolanaRpc(endpoint.httpUrl)
  const { value: latestBlockhash } = await rpc.getLatestBlockhash().send()
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latestBlockhash, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  )
  await surfpool(endpoint, 'sendTransaction', [
    getBase64EncodedWireTransaction(signed),
    { encoding: 'base64' },
  ])
  const signature = getSignatureFromTransaction(signed)
  await expect
    .poll(async () => (await statusOf(endpoint, signature))?.confirmationStatus)
    .toMatch(/confirmed|finalized/)
}

/**
 * Creates, with keys of its own (a payer airdropped on the node), a mint of `decimals` and two token
 * accounts, and mints `amount` base units to the one `owner` holds: the set-up of a token transfer
 * the wallet then signs. Goes straight to the node, not through the wallet. `program` is SPL Token
 * by default; Token-2022 takes the same instructions (accounts without extensions).
 */
export async function createTokenAccounts(
  endpoint: RunningEndpoint,
  parameters: { owner: string; decimals: number; amount: bigint; program?: string },
): Promise<TokenSetUp> {
  const programAddress = address(parameters.program ?? TOKEN_PROGRAM_ADDRESS)
  const [payer, mint, source, destination] = await Promise.all(
    Array.from({ length: 4 }, () => generateKeyPairSigner()),
  )
  if (!payer || !mint || !source || !destination) throw new Error('no keys generated')
  await surfpool(endpoint, 'requestAirdrop', [payer.address, 10_000_000_000])
  await expect.poll(() => balanceOf(endpoint, payer.address)).toBeGreaterThan(0)
  const rentOf = (size: bigint) =>
    surfpool<number>(endpoint, 'getMinimumBalanceForRentExemption', [Number(size)])
  const [mintRent, accountRent] = await Promise.all([rentOf(mintSize), rentOf(tokenAccountSize)])
  const createAccount = (account: KeyPairSigner, space: bigint, rent: number) =>
    getCreateAccountInstruction({
      payer,
      newAccount: account,
      lamports: BigInt(rent),
      space,
      programAddress,
    })
  await sendSetUp(endpoint, payer, [
    createAccount(mint, mintSize, mintRent),
    getInitializeMint2Instruction(
      {
        mint: mint.address,
        decimals: parameters.decimals,
        mintAuthority: payer.address,
      },
      { programAddress },
    ),
    createAccount(source, tokenAccountSize, accountRent),
    getInitializeAccount3Instruction(
      {
        account: source.address,
        mint: mint.address,
        owner: address(parameters.owner),
      },
      { programAddress },
    ),
    createAccount(destination, tokenAccountSize, accountRent),
    getInitializeAccount3Instruction(
      {
        account: destination.address,
        mint: mint.address,
        owner: payer.address,
      },
      { programAddress },
    ),
    getMintToInstruction(
      {
        mint: mint.address,
        token: source.address,
        mintAuthority: payer,
        amount: parameters.amount,
      },
      { programAddress },
    ),
  ])
  return {
    mint: mint.address,
    source: source.address,
    destination: destination.address,
    decimals: parameters.decimals,
  }
}

/** A token account's balance in base units, read from the node. */
export const tokenAmountOf = async (endpoint: RunningEndpoint, account: string): Promise<string> =>
  (
    await surfpool<{ value: { amount: string } }>(endpoint, 'getTokenAccountBalance', [
      account,
      { commitment: 'confirmed' },
    ])
  ).value.amount

/**
 * Makes `delegate` the delegate of `owner`'s associated token account of `mint` (of `program`, SPL
 * Token by default) for `delegatedAmount` base units, holding `amount`, with Surfpool's
 * `surfnet_setTokenAccount` cheatcode (the state an `Approve` the owner signed leaves); returns the
 * token account.
 */
export async function setTokenDelegate(
  endpoint: RunningEndpoint,
  parameters: {
    owner: string
    mint: string
    amount: bigint
    delegate: string
    delegatedAmount: bigint
    program?: string
  },
): Promise<string> {
  const { owner, mint, amount, delegate, delegatedAmount } = parameters
  const tokenProgram = address(parameters.program ?? TOKEN_PROGRAM_ADDRESS)
  await surfpool(endpoint, 'surfnet_setTokenAccount', [
    owner,
    mint,
    { amount: Number(amount), delegate, delegatedAmount: Number(delegatedAmount) },
    tokenProgram,
  ])
  const [account] = await findAssociatedTokenPda({
    owner: address(owner),
    mint: address(mint),
    tokenProgram,
  })
  return account
}

/** A token account's delegate and what it may move, read `jsonParsed` from the node (none: `null`). */
export async function delegateOf(
  endpoint: RunningEndpoint,
  account: string,
): Promise<{ delegate: string; amount: string } | null> {
  const { value } = await surfpool<{
    value: {
      data: { parsed: { info: { delegate?: string; delegatedAmount?: { amount: string } } } }
    }
  }>(endpoint, 'getAccountInfo', [account, { encoding: 'jsonParsed', commitment: 'confirmed' }])
  const { delegate, delegatedAmount } = value.data.parsed.info
  return delegate ? { delegate, amount: delegatedAmount?.amount ?? '0' } : null
}
