import { describe, expect, it } from 'vitest'
import { solanaSessionAccounts } from './solanaSessionAccounts.ts'

const local = 'solana:123456789abcdef'
const devnet = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const first = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk'
const second = '8Bd6cNHJVNfoVmjBXPcyxj7ysbZ4i3kzrMGqm6K5tSWF'
const scope = (accounts: string[]) => ({
  methods: ['signMessage'],
  notifications: [],
  accounts,
})

describe('solanaSessionAccounts', () => {
  it('lists each Solana address once with the scopes that grant it, in session order', () => {
    expect(
      solanaSessionAccounts({
        [local]: scope([`${local}:${first}`, `${local}:${second}`]),
        [devnet]: scope([`${devnet}:${second}`]),
      }),
    ).toEqual([
      { address: first, scopes: [local] },
      { address: second, scopes: [local, devnet] },
    ])
  })

  it('leaves out the EVM scopes of the same session', () => {
    expect(
      solanaSessionAccounts({
        'eip155:31337': scope(['eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']),
        [local]: scope([`${local}:${first}`]),
      }),
    ).toEqual([{ address: first, scopes: [local] }])
  })

  it('is empty for no session, and skips what is not an account of its scope', () => {
    expect(solanaSessionAccounts({})).toEqual([])
    expect(solanaSessionAccounts(undefined)).toEqual([])
    expect(
      solanaSessionAccounts({
        [local]: scope([`${devnet}:${first}`, 7 as unknown as string]),
        [devnet]: { accounts: 'none' },
      }),
    ).toEqual([])
  })
})
