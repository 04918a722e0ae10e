import { describe, expect, it } from 'vitest'
import { defaultExplorerOf, explorerLinkOf, parseExplorerUrl } from './explorerLinks.ts'

const hash = `0x${'ab'.repeat(32)}`
const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const signature =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'

describe('parseExplorerUrl', () => {
  it('keeps an http(s) explorer, without its trailing slash', () => {
    expect(parseExplorerUrl('https://explorer.example/')).toBe('https://explorer.example')
    expect(parseExplorerUrl(' http://127.0.0.1:4000/chain/ ')).toBe('http://127.0.0.1:4000/chain')
  })

  it('refuses what is not one: javascript:, data:, credentials, a fragment, too long, not a string', () => {
    for (const value of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'https://user:pass@explorer.example',
      'https://explorer.example/#/x',
      `https://explorer.example/${'a'.repeat(300)}`,
      'explorer.example',
      7,
    ]) {
      expect(parseExplorerUrl(value)).toBeUndefined()
    }
  })
})

describe('explorerLinkOf', () => {
  it("links an address and a transaction on an EVM explorer's pages", () => {
    expect(explorerLinkOf('https://etherscan.io', { address: account })).toBe(
      `https://etherscan.io/address/${account}`,
    )
    expect(explorerLinkOf('https://explorer.example/chain', { transaction: hash })).toBe(
      `https://explorer.example/chain/tx/${hash}`,
    )
  })

  it("keeps Solana's cluster parameter", () => {
    expect(
      explorerLinkOf(defaultExplorerOf('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'), {
        transaction: signature,
      }),
    ).toBe(`https://explorer.solana.com/tx/${signature}?cluster=devnet`)
  })

  it('gives nothing without an explorer (the local devnets) or for a target that is not plain', () => {
    expect(defaultExplorerOf('eip155:31337')).toBeUndefined()
    expect(explorerLinkOf(undefined, { address: account })).toBeUndefined()
    expect(explorerLinkOf('https://etherscan.io', { address: '../../evil' })).toBeUndefined()
    expect(explorerLinkOf('javascript:alert(1)', { address: account })).toBeUndefined()
  })

  it('knows mainnet and Sepolia', () => {
    expect(defaultExplorerOf('eip155:1')).toBe('https://etherscan.io')
    expect(defaultExplorerOf('eip155:11155111')).toBe('https://sepolia.etherscan.io')
  })
})
