import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isLocalNetworkHost, localNetworkHosts } from './localNetworkHosts.ts'

const hostOf = (url: string) => new URL(url).hostname

describe('isLocalNetworkHost', () => {
  it.each([
    ['loopback', 'http://127.0.0.1:8545'],
    ['loopback, anywhere in 127/8', 'http://127.42.0.9'],
    ['this network', 'http://0.0.0.0:8545'],
    ['private 10/8', 'http://10.1.2.3'],
    ['private 172.16/12', 'http://172.31.255.254'],
    ['private 192.168/16', 'http://192.168.1.1'],
    ['shared 100.64/10', 'http://100.64.0.1'],
    ['link-local', 'http://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', 'http://[::1]:8545'],
    ['IPv6 unspecified', 'http://[::]'],
    ['IPv6 unique local', 'http://[fd12:3456::1]'],
    ['IPv6 link-local', 'http://[fe80::1]'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]'],
    ['IPv4-mapped private', 'http://[::ffff:192.168.0.10]'],
    ['loopback as a decimal number', 'http://2130706433'],
    ['loopback in hex octets', 'http://0x7f.0.0.1'],
    ['localhost', 'http://localhost:8545'],
    ['localhost with a final dot', 'http://localhost.:8545'],
    ['a .localhost name', 'http://node.localhost'],
    ['an mDNS name', 'http://ethnode.local'],
    ['a home network name', 'http://router.home.arpa'],
    ['an .internal name', 'http://rpc.corp.internal'],
    ['a name without a dot', 'http://router'],
  ])('is true for %s (%s)', (_what, url) => {
    expect(isLocalNetworkHost(hostOf(url))).toBe(true)
  })

  it.each([
    ['a public name', 'https://rpc.example.org'],
    ['a public IPv4 address', 'http://8.8.8.8'],
    ['next to 172.16/12', 'http://172.32.0.1'],
    ['next to 100.64/10', 'http://100.128.0.1'],
    ['a public IPv6 address', 'http://[2001:4860:4860::8888]'],
    ['IPv4-mapped public', 'http://[::ffff:8.8.8.8]'],
    ['a name ending in local without the dot', 'https://rpc.notlocal'],
  ])('is false for %s (%s)', (_what, url) => {
    expect(isLocalNetworkHost(hostOf(url))).toBe(false)
  })

  it('never throws, whatever the host', () => {
    fc.assert(
      fc.property(fc.string(), (host) => {
        expect(typeof isLocalNetworkHost(host)).toBe('boolean')
      }),
    )
  })

  it('agrees with itself on every IPv4 address written as a URL does', () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        expect(isLocalNetworkHost(hostOf(`http://${address}`))).toBe(isLocalNetworkHost(address))
      }),
    )
  })
})

describe('localNetworkHosts', () => {
  it('names the local hosts of a network’s URLs, each once', () => {
    expect(
      localNetworkHosts(['http://127.0.0.1:8545/v3/dev', 'ws://127.0.0.1:8545/ws/v3/dev']),
    ).toEqual(['127.0.0.1'])
    expect(localNetworkHosts(['https://rpc.example.org', 'ws://[::1]:8546'])).toEqual(['[::1]'])
    expect(localNetworkHosts(['https://rpc.example.org', 'wss://rpc.example.org'])).toEqual([])
  })
})
