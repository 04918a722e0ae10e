/**
 * The platform globals `src/core` may use: those that Node (≥ 20) and an extension service worker
 * both provide, each declared with only the members core needs. `src/core/tsconfig.json` gives core
 * no other: no DOM (`window`, `document`), no `chrome`, no Node (`process`, `Buffer`, `node:*`), so
 * the compiler refuses core code that would run on one platform only. (The root tsconfig, which
 * checks every other folder with DOM, Node and chrome types, leaves this file out.)
 */

declare function setTimeout(handler: () => void, ms?: number): unknown
declare function clearTimeout(handle: unknown): void

declare function structuredClone<T>(value: T): T

declare var console: {
  debug(...data: unknown[]): void
  info(...data: unknown[]): void
  warn(...data: unknown[]): void
  error(...data: unknown[]): void
}

interface AbortSignal {
  readonly aborted: boolean
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void
  removeEventListener(type: 'abort', listener: () => void): void
}

declare var AbortController: {
  new (): { readonly signal: AbortSignal; abort(reason?: unknown): void }
}

/** A response body's reader: its chunks, one after the other. */
interface ResponseBodyReader {
  read(): Promise<{ done: boolean; value?: Uint8Array }>
}

declare function fetch(
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal },
): Promise<{
  readonly status: number
  readonly body: { getReader(): ResponseBodyReader } | null
  text(): Promise<string>
}>

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean })
  decode(input?: Uint8Array, options?: { stream?: boolean }): string
}

declare class TextEncoder {
  encode(input?: string): Uint8Array
}

declare class URLSearchParams {
  constructor(init?: string)
  get(name: string): string | null
}

declare class URL {
  constructor(url: string, base?: string)
  static canParse(url: string, base?: string): boolean
  readonly href: string
  readonly origin: string
  readonly protocol: string
  readonly hostname: string
  readonly username: string
  readonly password: string
  readonly hash: string
  pathname: string
  readonly search: string
  readonly searchParams: URLSearchParams
}
