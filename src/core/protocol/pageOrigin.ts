export type PageOriginParameters = {
  /** The sender's extension id (`sender.id`): the content script that opened the port. */
  senderId: string | undefined
  /** This extension's id (`chrome.runtime.id`). */
  extensionId: string
  /** The document's origin as the browser reports it (`sender.origin`); `'null'` when opaque. */
  origin: string | undefined
  /** The sender document's URL (`sender.url`). */
  url: string | undefined
}

const isWebOrigin = (origin: string): boolean =>
  origin.startsWith('http://') || origin.startsWith('https://')

/**
 * The origin a page's session belongs to (DESIGN §4), from the browser's sender information only:
 * `origin` when the browser gave one, else the origin of `url`; http(s) only. An opaque origin
 * (`'null'`: sandboxed documents and iframes) has no session, even when its URL has an origin.
 * Undefined means the port is refused.
 *
 * @example
 * pageOrigin({ senderId: id, extensionId: id, origin: 'null', url: 'https://dapp.example/' }) // undefined
 */
export function pageOrigin({
  senderId,
  extensionId,
  origin,
  url,
}: PageOriginParameters): string | undefined {
  if (senderId !== extensionId) return undefined
  return webOrigin(origin, url)
}

/**
 * The origin of a web page that connected over the extension transport (`runtime.onConnectExternal`,
 * `externally_connectable`): the same rule as `pageOrigin`, for a sender that is no extension
 * (another extension's port, `senderId` set, is refused).
 *
 * @example
 * externalPageOrigin({ senderId: undefined, origin: 'https://app.example', url: 'https://app.example/' })
 * // 'https://app.example'
 */
export function externalPageOrigin({
  senderId,
  origin,
  url,
}: Omit<PageOriginParameters, 'extensionId'>): string | undefined {
  if (senderId !== undefined) return undefined
  return webOrigin(origin, url)
}

/** `origin` when the browser gave one, else the origin of `url`; http(s) only. */
function webOrigin(origin: string | undefined, url: string | undefined): string | undefined {
  if (origin !== undefined) return isWebOrigin(origin) ? origin : undefined
  if (url === undefined || !URL.canParse(url)) return undefined
  const { origin: urlOrigin, protocol } = new URL(url)
  return protocol === 'http:' || protocol === 'https:' ? urlOrigin : undefined
}

export type ExtensionPageParameters = {
  /** The sender's extension id (`sender.id`). */
  senderId: string | undefined
  /** This extension's id (`chrome.runtime.id`). */
  extensionId: string
  /** The sender document's URL (`sender.url`). */
  url: string | undefined
  /** This extension's base URL (`chrome.runtime.getURL('')`, ending in `/`). */
  extensionBaseUrl: string
}

/**
 * Whether a runtime message comes from one of this extension's own pages (popup, approval):
 * this extension's id and a document under its base URL. A content script shares the id but runs
 * in a web page, so it is not one.
 */
export function isExtensionPageSender({
  senderId,
  extensionId,
  url,
  extensionBaseUrl,
}: ExtensionPageParameters): boolean {
  return senderId === extensionId && url !== undefined && url.startsWith(extensionBaseUrl)
}
