import { type BrowserContext, expect, type Page } from '@playwright/test'
import type { ServedDapp } from './serveDapp.ts'

/** The test page that runs `@metamask/multichain-api-client` with its default transport. */
export const officialClientPage = 'official-client.html'

/** A client call's outcome; `code` (and `data`) when the wallet answered an error. */
export type ClientOutcome<T = unknown> =
  | { result: T; error?: undefined }
  | { result?: undefined; error: { name: string; message: string; code?: number; data?: unknown } }

/** A JSON-RPC notification as the client's `onNotification` callbacks receive it. */
export type ClientNotification = { jsonrpc: '2.0'; method: string; params: unknown }

type ClientMethod = 'createSession' | 'getSession' | 'invokeMethod' | 'revokeSession'

declare global {
  interface Window {
    officialClient: {
      announced: { uuid: string; rdns: string; targets: Array<{ type: string; value: unknown }> }
      extensionId: string
      notifications: ClientNotification[]
      call(name: ClientMethod, params?: unknown): Promise<ClientOutcome>
    }
  }
}

/** Opens the official-client page of `dapp` in a new tab and waits until it found the wallet. */
export async function openOfficialClient(context: BrowserContext, dapp: ServedDapp): Promise<Page> {
  const page = await context.newPage()
  await page.goto(dapp.pageUrl(officialClientPage))
  await expect(page.getByTestId('client-status')).toHaveText('ready')
  return page
}

/** Calls the client (`client[name](params)`) in the page and settles with what it came to. */
export function clientCall<T = unknown>(
  page: Page,
  name: ClientMethod,
  params?: unknown,
): Promise<ClientOutcome<T>> {
  return page.evaluate(({ name, params }) => window.officialClient.call(name, params), {
    name,
    params,
  }) as Promise<ClientOutcome<T>>
}

/** `client.invokeMethod({ scope, request })`. */
export const clientInvoke = <T = unknown>(
  page: Page,
  scope: string,
  method: string,
  params?: unknown,
): Promise<ClientOutcome<T>> =>
  clientCall<T>(page, 'invokeMethod', {
    scope,
    request: params === undefined ? { method } : { method, params },
  })

/** The notifications the client has delivered so far, optionally only those of one method. */
export function clientNotifications(page: Page, method?: string): Promise<ClientNotification[]> {
  return page.evaluate(
    (method) =>
      window.officialClient.notifications.filter(
        (notification) => method === undefined || notification.method === method,
      ),
    method,
  )
}
