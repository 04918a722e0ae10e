import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from './testing/memoryStorage.ts'
import { createWallet } from './wallet.ts'

const testMnemonic = 'test test test test test test test test test test test junk'
const password = 'correct horse battery staple'
const first = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const second = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The worker's wallet over in-memory storage areas, onboarded with the test mnemonic. */
async function onboardedWallet() {
  const local = createMemoryStorage()
  const session = createMemoryStorage()
  const wallet = createWallet({ local, session })
  await wallet.import(testMnemonic, password)
  return { wallet, local, session }
}

describe('createWallet: account names', () => {
  it('names each account "Account N" until the user renames it', async () => {
    const { wallet } = await onboardedWallet()
    const state = await wallet.addAccount()
    expect(state.accounts).toEqual([first, second])
    expect(state.names).toEqual(['Account 1', 'Account 2'])
  })

  it('keeps a new name for the account named in any letter case, in storage.local', async () => {
    const { wallet, local } = await onboardedWallet()
    await wallet.addAccount()
    const state = await wallet.rename(second.toLowerCase() as typeof second, '  Savings ')
    expect(state.names).toEqual(['Account 1', 'Savings'])
    expect(local.items.get('accountNames')).toEqual({ [second.toLowerCase()]: 'Savings' })
  })

  it('refuses to name an address that is not one of its accounts', async () => {
    const { wallet } = await onboardedWallet()
    await expect(wallet.rename(second, 'Savings')).rejects.toThrow(/not an account/)
  })

  it('refuses an empty name with invalid_fields', async () => {
    const { wallet } = await onboardedWallet()
    await expect(wallet.rename(first, ' ')).rejects.toMatchObject({
      code: 'invalid_fields',
      fields: { name: 'Give the account a name' },
    })
  })
})
