import type { Json, NodeCall } from '../../../rpc/types.ts'

/** A token account as the test sets it: its program, mint, owner, and delegate if any. */
export type TokenAccountState = {
  program: string
  mint: string
  owner: string
  amount: bigint
  decimals: number
  delegate?: string
  delegatedAmount?: bigint
}

/**
 * An in-memory Solana node for the approval manager's tests: `getTokenAccountsByOwner` and
 * `getAccountInfo` answered `jsonParsed` as a validator's RPC answers a token account (its
 * `delegate` and `delegatedAmount` present only while set), and `getLatestBlockhash`.
 */
export function delegatesChain() {
  const accounts = new Map<string, TokenAccountState>()
  const asked: Array<{ method: string; params: Json[] }> = []
  const parsed = (state: TokenAccountState): Json => {
    const units = (amount: bigint) => ({
      amount: amount.toString(),
      decimals: state.decimals,
      uiAmountString: amount.toString(),
    })
    return {
      lamports: 2_039_280,
      owner: state.program,
      executable: false,
      space: 165,
      data: {
        program: 'spl-token',
        space: 165,
        parsed: {
          type: 'account',
          info: {
            isNative: false,
            mint: state.mint,
            owner: state.owner,
            state: 'initialized',
            tokenAmount: units(state.amount),
            ...(state.delegate
              ? { delegate: state.delegate, delegatedAmount: units(state.delegatedAmount ?? 0n) }
              : {}),
          },
        },
      },
    }
  }
  const call: NodeCall = async (method, params) => {
    asked.push({ method, params })
    if (method === 'getTokenAccountsByOwner') {
      const [owner, filter] = params as [string, { programId: string }]
      const value = [...accounts.entries()]
        .filter(([, state]) => state.owner === owner && state.program === filter.programId)
        .map(([pubkey, state]) => ({ pubkey, account: parsed(state) }))
      return { result: { context: { slot: 1 }, value } }
    }
    if (method === 'getAccountInfo') {
      const state = accounts.get(params[0] as string)
      return { result: { context: { slot: 1 }, value: state ? parsed(state) : null } }
    }
    if (method === 'getLatestBlockhash') {
      return {
        result: {
          context: { slot: 1 },
          value: {
            blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N',
            lastValidBlockHeight: 150,
          },
        },
      }
    }
    return { error: { code: -32601, message: `the method ${method} does not exist` } }
  }
  return { call, accounts, asked }
}
