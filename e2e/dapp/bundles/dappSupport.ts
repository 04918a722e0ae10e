import { type Chain, defineChain } from 'viem'

/** A chain as the test names it: its id and the endpoint URL the dapp reads from. */
export type ChainSpec = { id: number; name: string; rpcUrl: string }

/** The viem chain a dapp would define for `spec` (ether as its currency). */
export const chainOf = (spec: ChainSpec): Chain =>
  defineChain({
    id: spec.id,
    name: spec.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [spec.rpcUrl] } },
  })

/** What a dapp call came to: exactly one of `result` or `error` (viem's errors carry the code). */
export type Settled<T> =
  | { result: T; error?: undefined }
  | { result?: undefined; error: { code: unknown; message: string } }

/** Runs `work`, answering `{ result }` or `{ error: { code, message } }`, which a test can read. */
export async function settle<T>(work: () => Promise<T>): Promise<Settled<T>> {
  try {
    return { result: await work() }
  } catch (error) {
    const cause = error as { code?: unknown; message?: unknown; cause?: { code?: unknown } }
    return {
      error: {
        code: typeof cause.code === 'number' ? cause.code : cause.cause?.code,
        message: String(cause.message),
      },
    }
  }
}
