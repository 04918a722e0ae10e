import { parseChainId } from '../caip/parseChainId.ts'
import type { ChainId } from '../caip/types.ts'
import { httpProtocols, isUrlWithProtocol } from './isUrlWithProtocol.ts'

/** The longest block-explorer address kept (a page's `blockExplorerUrls` entry). */
export const maxExplorerUrlLength = 256

/**
 * The block explorers of the built-in networks (the explorers their own projects name); the local
 * devnets have none. A Solana cluster's explorer is Solana's, told the cluster by `cluster`.
 */
export const knownExplorers: Partial<Record<ChainId, string>> = {
  'eip155:1': 'https://etherscan.io',
  'eip155:11155111': 'https://sepolia.etherscan.io',
  'eip155:59144': 'https://lineascan.build',
  'eip155:59141': 'https://sepolia.lineascan.build',
  'eip155:137': 'https://polygonscan.com',
  'eip155:80002': 'https://amoy.polygonscan.com',
  'eip155:42161': 'https://arbiscan.io',
  'eip155:421614': 'https://sepolia.arbiscan.io',
  'eip155:10': 'https://optimistic.etherscan.io',
  'eip155:11155420': 'https://sepolia-optimism.etherscan.io',
  'eip155:8453': 'https://basescan.org',
  'eip155:84532': 'https://sepolia.basescan.org',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'https://explorer.solana.com',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'https://explorer.solana.com?cluster=devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'https://explorer.solana.com?cluster=testnet',
}

/**
 * A block explorer's address as the wallet keeps it, or undefined when it is not one: an absolute
 * http(s) URL with a host, no user name or password, at most `maxExplorerUrlLength` characters, its
 * trailing `/` dropped. A `javascript:` or `data:` address is never one.
 *
 * @example parseExplorerUrl('https://explorer.example/') // 'https://explorer.example'
 */
export function parseExplorerUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const trimmed = value.trim()
  if (trimmed.length > maxExplorerUrlLength || !isUrlWithProtocol(trimmed, httpProtocols)) {
    return undefined
  }
  const url = new URL(trimmed)
  if (url.username !== '' || url.password !== '' || url.hash !== '') return undefined
  return trimmed.replace(/\/+$/, '')
}

/** What a link shows: an account or contract, or a transaction (EVM hash, Solana signature). */
export type ExplorerTarget = { address: string } | { transaction: string }

/**
 * The explorer page of an address or transaction (`<explorer>/address/<a>`, `<explorer>/tx/<h>`),
 * keeping the explorer's own query (Solana's `?cluster=devnet`); undefined when the network has no
 * explorer, or the target is not a plain address, hash or signature.
 *
 * @example
 * explorerLinkOf('https://etherscan.io', { transaction: '0xab…' }) // 'https://etherscan.io/tx/0xab…'
 */
export function explorerLinkOf(
  explorerUrl: string | undefined,
  target: ExplorerTarget,
): string | undefined {
  const base = parseExplorerUrl(explorerUrl)
  const value = 'address' in target ? target.address : target.transaction
  if (!base || !/^[0-9A-Za-z]{1,128}$/.test(value)) return undefined
  const url = new URL(base)
  const path = url.pathname.replace(/\/+$/, '')
  url.pathname = `${path}/${'address' in target ? 'address' : 'tx'}/${value}`
  return url.href
}

/** The default explorer of a network the wallet knows, if it has one. */
export const defaultExplorerOf = (chainId: string): string | undefined =>
  parseChainId(chainId) ? knownExplorers[chainId as ChainId] : undefined
