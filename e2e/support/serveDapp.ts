import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
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
  /**
   * Port to listen on; `0` (the default) picks a free one that this process has not served a dapp
   * on before (`listenOnUnservedPort`): every dapp is an origin the wallet has never seen.
   */
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

/** The dapp's HTTP server (not yet listening). */
function createDappServer(): Server {
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
  return server
}

const listen = (server: Server, port: number, host: string): Promise<Server> =>
  new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve(server)
    })
  })

const closeServer = (server: Server): Promise<void> =>
  new Promise((resolve, reject) => {
    server.closeAllConnections()
    server.close((error) => (error ? reject(error) : resolve()))
  })

const portOf = (server: Server): number => (server.address() as AddressInfo).port

/** The ports this process has served a dapp on: origins the wallet under test may know. */
const servedPorts = new Set<number>()

/** How many ports the OS may offer again before `listenOnUnservedPort` gives up. */
const maxServedPortsOffered = 1_000

/**
 * A dapp server on a free port this process has never served a dapp on. The wallet keys sessions
 * by origin, and the OS hands a released port out again: on Linux, `listen(0)` picks among ~7,000
 * ports, so a run of ~150 dapps is likely to get one twice, and a test's "fresh" dapp would find
 * the session an earlier test left on that origin (issue 30: `eth_requestAccounts` answered the
 * old accounts, and no approval window opened). A port served before is held while the OS is
 * asked again, so that it offers another, then released.
 */
async function listenOnUnservedPort(host: string): Promise<Server> {
  const offeredAgain: Server[] = []
  try {
    while (offeredAgain.length < maxServedPortsOffered) {
      const server = await listen(createDappServer(), 0, host)
      if (!servedPorts.has(portOf(server))) {
        servedPorts.add(portOf(server))
        return server
      }
      offeredAgain.push(server)
    }
    throw new Error(`serveDapp: the OS offered ${maxServedPortsOffered} served ports in a row`)
  } finally {
    await Promise.all(offeredAgain.map(closeServer))
  }
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
  const server =
    options.port === undefined || options.port === 0
      ? await listenOnUnservedPort(host)
      : await listen(createDappServer(), options.port, host)
  const port = portOf(server)
  const hostname = options.hostname ?? host
  const origin = `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`
  return {
    url: `${origin}/`,
    origin,
    port,
    pageUrl: (path) => new URL(path, `${origin}/`).toString(),
    close: () => closeServer(server),
  }
}
