import type { Page } from '@playwright/test'

/** What one read of a burst came to: the block it asked for and the block number answered, or the error. */
export type BurstAnswer = { block: number; number?: string; error?: string }

type BurstState = {
  answered: number
  answers: BurstAnswer[]
  /** Resolves with the milliseconds from the first request to the last answer. */
  done: Promise<number>
}

/**
 * Sends `count` `wallet_invokeMethod` reads at once from the page, all before the first answer
 * (a portfolio page loading balances): read `index` is `eth_getBlockByNumber` of block
 * `index % blocks` (or `eth_blockNumber` with `blockNumber`). `window.burst` counts the answers;
 * `burstAnswers` waits for them all. With `via: 'fetch'` the same reads go straight to `url`.
 */
export function startBurst(
  page: Page,
  options: {
    count: number
    blocks: number
    scope: string
    blockNumber?: boolean
    via?: 'wallet' | 'fetch'
    url?: string
  },
): Promise<void> {
  return page.evaluate(
    ({ count, blocks, scope, blockNumber, via, url }) => {
      const state = { answered: 0, answers: [] as BurstAnswer[] } as BurstState
      const start = performance.now()
      ;(window as unknown as { burst: BurstState }).burst = state
      // No named inner functions: the page gets this function's text, and a bundler that keeps
      // function names (tsx, for the benchmark) would call a helper the page does not have.
      state.done = Promise.all(
        Array.from({ length: count }, async (_, index) => {
          const block = `0x${(index % blocks).toString(16)}`
          const request = blockNumber
            ? { method: 'eth_blockNumber', params: [] }
            : { method: 'eth_getBlockByNumber', params: [block, false] }
          try {
            let result: unknown
            if (via === 'fetch') {
              const response = await fetch(url ?? '', {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ jsonrpc: '2.0', id: index, ...request }),
              })
              const body = (await response.json()) as {
                result?: unknown
                error?: { code: number; message: string }
              }
              if (body.error) throw body.error
              result = body.result
            } else {
              const provider = window.aperture
              if (!provider) throw new Error('window.aperture is missing')
              result = await provider.request({
                method: 'wallet_invokeMethod',
                params: { scope, request },
              })
            }
            state.answers[index] = {
              block: index % blocks,
              number: blockNumber ? String(result) : (result as { number: string }).number,
            }
          } catch (thrown) {
            const { code, message } = thrown as { code: number; message: string }
            state.answers[index] = { block: index % blocks, error: `${code} ${message}` }
          }
          state.answered += 1
        }),
      ).then(() => performance.now() - start)
    },
    { ...options, via: options.via ?? 'wallet' },
  )
}

/** How many reads of the burst have been answered so far. */
export const burstProgress = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { burst: BurstState }).burst.answered)

/** Waits until every read of the burst is answered: how long it took, first request to last answer. */
export const burstMs = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { burst: BurstState }).burst.done)

/** Waits until every read of the burst is answered; its answers, in request order. */
export const burstAnswers = (page: Page): Promise<BurstAnswer[]> =>
  page.evaluate(async () => {
    const { burst } = window as unknown as { burst: BurstState }
    await burst.done
    return burst.answers
  })
