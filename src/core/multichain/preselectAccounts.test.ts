import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { walletNamespaces } from '../wallet/namespaces.ts'
import { preselectAccounts } from './preselectAccounts.ts'

const wallet: Address[] = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
]

/** The wallet's namespaces, as the engine hands them to the rule. */
const options = { namespaces: walletNamespaces }

const requesting = (...accounts: `${string}:${string}:${string}`[]) => ({
  'eip155:1': { methods: [], notifications: [], accounts },
})

describe('preselectAccounts', () => {
  it('preselects the wallet accounts the request names, matching addresses case-insensitively', () => {
    expect(
      preselectAccounts(
        [
          requesting('eip155:1:0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'),
          requesting('eip155:1:0x70997970C51812DC3A010C7D01B50E0D17DC79C8'),
        ],
        wallet,
        options,
      ),
    ).toEqual([wallet[1], wallet[2]])
  })

  it('ignores accounts the wallet does not hold', () => {
    expect(
      preselectAccounts(
        [
          requesting(
            'eip155:1:0x90F79bf6EB2c4f870365E785982E1f101E93b906',
            'eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
          ),
        ],
        wallet,
        options,
      ),
    ).toEqual([wallet[1]])
  })

  it('preselects the first account when the request names none of the wallet', () => {
    expect(preselectAccounts([requesting()], wallet, options)).toEqual([wallet[0]])
    expect(
      preselectAccounts(
        [requesting('eip155:1:0x90F79bf6EB2c4f870365E785982E1f101E93b906')],
        wallet,
        options,
      ),
    ).toEqual([wallet[0]])
  })

  it('preselects an account named in the wallet:eip155 scope', () => {
    expect(
      preselectAccounts(
        [
          {
            'wallet:eip155': {
              methods: [],
              notifications: [],
              accounts: ['wallet:eip155:0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'],
            },
          },
        ],
        wallet,
        options,
      ),
    ).toEqual([wallet[2]])
  })

  it('never preselects for an account of another namespace that looks like an EVM address', () => {
    const lookalikes = {
      'cosmos:cosmoshub-4': {
        methods: [],
        notifications: [],
        accounts: ['cosmos:cosmoshub-4:0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as const],
      },
      'wallet:solana': {
        methods: [],
        notifications: [],
        accounts: ['wallet:solana:0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc' as const],
      },
    }
    expect(preselectAccounts([lookalikes], wallet, options)).toEqual([wallet[0]])
  })
})
