import type { Page } from '@playwright/test'

/** A page, or a frame of one (an iframe has the provider too, under its own origin). */
export type PageOrFrame = Pick<Page, 'evaluate'>

/** An error as `window.aperture.request` rejects with it. */
export type ProviderError = { code: number; message: string; data?: unknown }

/** What a call came to: exactly one of `result` or `error`. */
export type Outcome<T = unknown> =
  | { result: T; error?: undefined }
  | { result?: undefined; error: ProviderError }

export type ScopeObject = {
  methods?: string[]
  notifications?: string[]
  accounts?: string[]
  references?: string[]
}

export type SessionScopes = Record<
  string,
  { methods: string[]; notifications: string[]; accounts: string[] }
>

export type SessionResult = {
  sessionScopes: SessionScopes
  sessionProperties: Record<string, unknown>
}

export type Notification = { name: 'wallet_notify' | 'wallet_sessionChanged'; params: unknown }

type ApertureProvider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(name: string, listener: (params: unknown) => void): void
  removeListener(name: string, listener: (params: unknown) => void): void
  info: { uuid: string; name: string; icon: string; rdns: string }
}

declare global {
  interface Window {
    aperture?: ApertureProvider
    apertureDemo: { events: Notification[] }
    firstScript: {
      provider: string
      ready: unknown
      outcome: unknown
      answer: Promise<unknown>
    }
  }
}

/**
 * Calls `window.aperture.request` in the page (or frame) and settles with what it came to. The
 * page's promise is awaited inside `page.evaluate`, so a call waiting on the user stays pending
 * here too.
 */
export function request<T = unknown>(
  page: PageOrFrame,
  method: string,
  params?: unknown,
): Promise<Outcome<T>> {
  return page.evaluate(
    async ({ method, params }) => {
      const provider = window.aperture
      if (!provider) throw new Error('window.aperture is missing')
      try {
        return { result: (await provider.request({ method, params })) as T }
      } catch (thrown) {
        const { code, message, data } = thrown as ProviderError
        return data === undefined
          ? { error: { code, message } }
          : { error: { code, message, data } }
      }
    },
    { method, params },
  ) as Promise<Outcome<T>>
}

/** The result of a call that must succeed (the error, if any, fails the test with its code). */
export async function resultOf<T = unknown>(
  page: PageOrFrame,
  method: string,
  params?: unknown,
): Promise<T> {
  const outcome = await request<T>(page, method, params)
  if (outcome.error) {
    throw new Error(
      `${method} failed: ${outcome.error.code} ${outcome.error.message} ${JSON.stringify(outcome.error.data)}`,
    )
  }
  return outcome.result as T
}

/** `wallet_invokeMethod` on a scope. */
export function invoke<T = unknown>(
  page: PageOrFrame,
  scope: string,
  method: string,
  params?: unknown,
): Promise<Outcome<T>> {
  return request<T>(page, 'wallet_invokeMethod', {
    scope,
    request: params === undefined ? { method } : { method, params },
  })
}

/**
 * `eth_getLogs` of `filter` on the Local devnet through `window.aperture` (`wallet_invokeMethod`) and
 * the EIP-1193 provider at once, both sent before either is answered: the two results.
 */
export function logsThroughBothProviders(page: Page, filter: unknown): Promise<unknown[]> {
  return page.evaluate((filter) => {
    const { aperture, ethereum } = window as unknown as {
      aperture: { request(args: unknown): Promise<unknown> }
      ethereum: { request(args: unknown): Promise<unknown> }
    }
    const getLogs = { method: 'eth_getLogs', params: [filter] }
    return Promise.all([
      aperture.request({
        method: 'wallet_invokeMethod',
        params: { scope: 'eip155:31337', request: getLogs },
      }),
      ethereum.request(getLogs),
    ])
  }, filter)
}

/** The notifications the demo dapp has logged so far, in arrival order. */
export function notifications(page: Page, name?: Notification['name']): Promise<Notification[]> {
  return page.evaluate(
    (name) =>
      window.apertureDemo.events.filter((event) => name === undefined || event.name === name),
    name,
  )
}

/** Forgets the demo dapp's logged notifications. */
export function clearNotifications(page: Page): Promise<void> {
  return page.evaluate(() => {
    window.apertureDemo.events.length = 0
  })
}
