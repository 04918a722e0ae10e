import type { Page } from '@playwright/test'
import { notifications } from './provider.ts'

type NewHeadsNotify = {
  scope: string
  notification: { method: string; params: { subscription: string; result: { number: string } } }
}

/** Block numbers of the `newHeads` events the page received for `subscription`, in arrival order. */
export async function headsOf(page: Page, subscription: string): Promise<number[]> {
  return (await notifications(page, 'wallet_notify'))
    .map((event) => event.params as NewHeadsNotify)
    .filter((params) => params.notification.params.subscription === subscription)
    .map((params) => Number(params.notification.params.result.number))
}

/** `[from, from + 1, …, to]` */
export const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index)

type LogsNotify = {
  notification: {
    params: { subscription: string; result: { blockNumber: string; logIndex: string } }
  }
}

/** `<block>:<log index>` of each `logs` event the page received for `subscription`, in arrival order. */
export async function logsOf(page: Page, subscription: string): Promise<string[]> {
  return (await notifications(page, 'wallet_notify'))
    .map((event) => event.params as LogsNotify)
    .filter((params) => params.notification.params.subscription === subscription)
    .map(({ notification: { params } }) => {
      const { blockNumber, logIndex } = params.result
      return `${Number(blockNumber)}:${Number(logIndex)}`
    })
}
