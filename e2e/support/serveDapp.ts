import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { dirname, extname, join, normalize, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundlesDirectory } from './bundleDappPages.ts'

/** Where the demo dapp's files live. */
export const dappDirectory: string = fileURLToPath(new URL('../dapp/', import.meta.url))

/**
 * Packages a test page loads as they are published, under `/vendor/<name>/`: the official
 * Multichain API client's ES modules (its `dist/`, which imports nothing outside itself).
 */
const vendorDirectories: Record<string, string> = {
  'multichain-api-client': dirname(
    createRequire(import.meta.url).resolve('@metamask/multichain-api-client'),
  ),
}

/**
 * The file a request path names: a dapp file, a vendored package's, or a bundle of the test pages'
 * dapp code (`/bundles/…`, `bundleDappPages`); undefined outside them.
 */
function fileOf(pathname: string): string | undefined {
  const [, vendor = '', vendorPath = ''] = /^\/vendor\/([^/]+)\/(.+)$/.exec(pathname) ?? []
  const [, bundlePath = ''] = /^\/bundles\/(.+)$/.exec(pathname) ?? []
  const [root, path] = vendor
    ? [Object.hasOwn(vendorDirectories, vendor) ? vendorDirectories[vendor] : undefined, vendorPath]
    : bundlePath
      ? [bundlesDirectory, bundlePath]
      : [dappDirectory, pathname === '/' ? 'index.html' : pathname.slice(1)]
  if (root === undefined) return undefined
  const relative = normalize(path)
  const file = join(root, relative)
  if (relative.startsWith('..') || !file.startsWith(root.replace(/[\\/]$/, '') + sep)) {
    return undefined
  }
  return file
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
}

export type ServeDappOptions = {
  /** Interface to listen on. Default `127.0.0.1` (loopback only). */
  host?: string
  /** Port to listen on; `0` (the default) picks a free one. */
  port?: number
  /**
   * Host name used in the returned URL. Default: `host`. The same server answers on every name that
   * resolves to its interface, so `localhost` and `127.0.0.1` give two origins of one server.
   */
  hostname?: string
}

export type ServedDapp = {
  /** The dapp's page, e.g. `http://127.0.0.1:43125/`. */
  url: string
  /** The origin of `url` (scheme, host, port): what the wallet keys the session by. */
  origin: string
  port: number
  /** The URL of another file of the dapp, e.g. `pageUrl('inline.html')`. */
  pageUrl(path: string): string
  close(): Promise<void>
}

/**
 * Serves `e2e/dapp/` (and the vendored packages under `/vendor/`) over plain HTTP with `node:http`. Used by the e2e fixture, `npm start` and the
 * benchmark; serve it twice (two ports) to get two origins.
 *
 * @example
 * const dapp = await serveDapp()
 * await page.goto(dapp.url)
 * await dapp.close()
 */
export async function serveDapp(options: ServeDappOptions = {}): Promise<ServedDapp> {
  const host = options.host ?? '127.0.0.1'
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://dapp').pathname)
    const file = fileOf(pathname)
    if (file === undefined) {
      response.writeHead(403).end('forbidden')
      return
    }
    readFile(file).then(
      (body) => {
        response
          .writeHead(200, {
            'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
            'cache-control': 'no-store',
          })
          .end(body)
      },
      () => {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      },
    )
  })
  server.keepAliveTimeout = 1_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const hostname = options.hostname ?? host
  const origin = `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`
  return {
    url: `${origin}/`,
    origin,
    port,
    pageUrl: (path) => new URL(path, `${origin}/`).toString(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
