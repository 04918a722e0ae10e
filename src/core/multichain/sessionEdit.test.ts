import { describe, expect, it } from 'vitest'
import { editOutcome, endsSession } from './sessionEdit.ts'

const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
const bob = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const
const granted = { chains: ['eip155:1', 'eip155:10'] as const, accounts: [alice] as `0x${string}`[] }

describe('editOutcome', () => {
  it('is unchanged when the edit keeps the same chains and accounts in another order', () => {
    expect(
      editOutcome(
        { chains: [...granted.chains], accounts: granted.accounts },
        { chains: ['eip155:10', 'eip155:1'], accounts: [alice] },
      ),
    ).toBe('unchanged')
  })

  it('is an update when a chain or an account is added or dropped', () => {
    const base = { chains: [...granted.chains], accounts: granted.accounts }
    expect(editOutcome(base, { chains: ['eip155:1'], accounts: [alice] })).toBe('update')
    expect(editOutcome(base, { chains: [...granted.chains], accounts: [alice, bob] })).toBe(
      'update',
    )
  })

  it('ends the session when no chain or no account is left', () => {
    const base = { chains: [...granted.chains], accounts: granted.accounts }
    expect(editOutcome(base, { chains: [], accounts: [alice] })).toBe('end')
    expect(editOutcome(base, { chains: ['eip155:1'], accounts: [] })).toBe('end')
    expect(endsSession({ chains: ['eip155:1'], accounts: [alice] })).toBe(false)
  })
})
