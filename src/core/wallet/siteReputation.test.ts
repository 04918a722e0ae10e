import config from 'eth-phishing-detect/src/config.json'
import { describe, expect, it } from 'vitest'
import { createSiteReputation } from './siteReputation.ts'

const reputation = createSiteReputation(config)

describe('siteReputation (the bundled eth-phishing-detect 1.2.0 lists)', () => {
  it('a blacklisted host, and its subdomains, are phishing', () => {
    expect(reputation('https://azukishop.live')).toEqual({
      kind: 'phishing',
      host: 'azukishop.live',
    })
    expect(reputation('https://sub.theweirdos.yours-mints.com:8443')).toEqual({
      kind: 'phishing',
      host: 'sub.theweirdos.yours-mints.com',
    })
  })

  it('a near miss of a fuzzylist host is phishing and names the host it imitates', () => {
    expect(reputation('https://0pensea.io')).toEqual({
      kind: 'phishing',
      host: '0pensea.io',
      imitates: 'opensea.io',
    })
    expect(reputation('http://myetherwa11et.com')).toEqual({
      kind: 'phishing',
      host: 'myetherwa11et.com',
      imitates: 'myetherwallet.com',
    })
  })

  it('a whitelisted host, and its subdomains, are known; the rest unknown', () => {
    expect(reputation('https://opensea.io')).toEqual({ kind: 'known', host: 'opensea.io' })
    expect(reputation('https://app.uniswap.org')).toEqual({
      kind: 'known',
      host: 'app.uniswap.org',
    })
    expect(reputation('http://127.0.0.1:5173')).toEqual({ kind: 'unknown' })
    expect(reputation('http://localhost:3000')).toEqual({ kind: 'unknown' })
    expect(reputation('https://app.example')).toEqual({ kind: 'unknown' })
  })

  it('an origin without a host is unknown', () => {
    expect(reputation('null')).toEqual({ kind: 'unknown' })
    expect(reputation('chrome-extension://abcdefghijklmnopabcdefghijklmnop')).toEqual({
      kind: 'unknown',
    })
  })
})
