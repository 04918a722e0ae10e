/** IPv4 ranges of the user's own machine and local networks: [first octets as a number, prefix]. */
const localIpv4Ranges: ReadonlyArray<readonly [number, number]> = [
  [0x00000000, 8], // 0.0.0.0/8 "this network": 0.0.0.0 reaches the machine itself
  [0x0a000000, 8], // 10.0.0.0/8 private (RFC 1918)
  [0x64400000, 10], // 100.64.0.0/10 carrier-grade NAT, shared address space (RFC 6598)
  [0x7f000000, 8], // 127.0.0.0/8 loopback
  [0xa9fe0000, 16], // 169.254.0.0/16 link-local
  [0xac100000, 12], // 172.16.0.0/12 private (RFC 1918)
  [0xc0a80000, 16], // 192.168.0.0/16 private (RFC 1918)
]

/** Names that only mean something on the user's machine or network (RFC 6761, 6762, 8375). */
const localNameSuffixes: readonly string[] = ['.localhost', '.local', '.home.arpa', '.internal']

function ipv4Number(text: string): number | undefined {
  const parts = text.split('.')
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) < 256)) {
    return undefined
  }
  return parts.reduce((value, part) => value * 256 + Number(part), 0)
}

const isLocalIpv4 = (address: number): boolean =>
  localIpv4Ranges.some(([start, prefix]) => {
    const size = 2 ** (32 - prefix)
    return address >= start && address < start + size
  })

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail allowed), or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  let address = text
  const tail: number[] = []
  const dotted = address.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/)
  if (dotted) {
    const v4 = ipv4Number(dotted[2] as string)
    if (v4 === undefined) return undefined
    address = `${dotted[1]}`
    if (address.endsWith(':') && !address.endsWith('::')) address = address.slice(0, -1)
    tail.push(Math.floor(v4 / 0x10000), v4 % 0x10000)
  }
  const halves = address.split('::')
  if (halves.length > 2) return undefined
  const groupsOf = (half: string | undefined) =>
    half === undefined || half === '' ? [] : half.split(':')
  const head = groupsOf(halves[0])
  const rest = groupsOf(halves[1])
  if (![...head, ...rest].every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined
  const numbers = (groups: string[]) => groups.map((group) => Number.parseInt(group, 16))
  const given = head.length + rest.length + tail.length
  if (halves.length === 1) {
    return given === 8 ? [...numbers(head), ...tail] : undefined
  }
  if (given > 7) return undefined
  return [...numbers(head), ...new Array<number>(8 - given).fill(0), ...numbers(rest), ...tail]
}

function isLocalIpv6(groups: number[]): boolean {
  const [first = 0] = groups
  const zeroUntil = (count: number) => groups.slice(0, count).every((group) => group === 0)
  if (zeroUntil(7) && (groups[7] === 0 || groups[7] === 1)) return true // :: and ::1
  if ((first & 0xfe00) === 0xfc00) return true // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80 || (first & 0xffc0) === 0xfec0) return true // link- and site-local
  // ::ffff:a.b.c.d, an IPv4 address written as IPv6: local when that address is.
  if (zeroUntil(5) && groups[5] === 0xffff) {
    return isLocalIpv4((groups[6] ?? 0) * 0x10000 + (groups[7] ?? 0))
  }
  return false
}

/**
 * Whether `hostname` (a URL's, as `new URL()` gives it: IPv4 dotted, IPv6 in brackets) names the
 * user's own machine or local network: loopback, private (RFC 1918, fc00::/7), shared (100.64/10),
 * link-local, `0.0.0.0`, `localhost` and the names only a local network resolves (`.local`,
 * `.home.arpa`, `.internal`, a name without a dot). A page proposing such an address asks the wallet
 * to reach into the user's network (docs/security.md "Networks proposed by pages").
 *
 * It sees names, not what they resolve to: a public name that resolves to a private address is
 * not local here (the worker cannot resolve names; the user acts before any contact anyway).
 *
 * @example isLocalNetworkHost('192.168.1.1') // true
 * @example isLocalNetworkHost('[::1]') // true
 * @example isLocalNetworkHost('rpc.example.org') // false
 */
export function isLocalNetworkHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host.startsWith('[') && host.endsWith(']')) {
    const groups = ipv6Groups(host.slice(1, -1))
    return groups === undefined || isLocalIpv6(groups)
  }
  const v4 = ipv4Number(host)
  if (v4 !== undefined) return isLocalIpv4(v4)
  if (host === 'localhost' || !host.includes('.')) return true
  return localNameSuffixes.some((suffix) => host.endsWith(suffix))
}

/**
 * The hosts of `urls` that are local (`isLocalNetworkHost`), each once, in order. The URLs are
 * valid ones (`validateNetworkDraft` let them through).
 */
export function localNetworkHosts(urls: readonly string[]): string[] {
  return [...new Set(urls.map((url) => new URL(url).hostname).filter(isLocalNetworkHost))]
}
