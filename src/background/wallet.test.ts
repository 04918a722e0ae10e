import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex } from '@noble/curves/utils.js'
import { getBase58Decoder } from '@solana/kit'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { exportPrivateKeys } from '../core/keyring/exportPrivateKeys.ts'
import { localKeys } from '../core/protocol/storageKeys.ts'
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

/** anvil's account 9 (not derived by a fresh wallet until its tenth account). */
const importedKey = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'
const importedAddress = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

describe('createWallet: imported keys', () => {
  it('lists an imported EVM key after the derived accounts, marked imported, its key in the vault only', async () => {
    const { wallet, local } = await onboardedWallet()
    const state = await wallet.importKey(importedKey.slice(2))
    expect(state.accounts).toEqual([first, importedAddress])
    expect(state.imported).toEqual([importedAddress])
    expect(state.names).toEqual(['Account 1', 'Account 2'])
    expect(JSON.stringify([...local.items.values()])).not.toContain(importedKey.slice(2))
    expect((await wallet.account(importedAddress)).address).toBe(importedAddress)
  })

  it('refuses a key that is already one of its accounts, derived or imported', async () => {
    const { wallet } = await onboardedWallet()
    const anvilFirstKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
    await expect(wallet.importKey(anvilFirstKey)).rejects.toMatchObject({
      code: 'duplicate_account',
    })
    await wallet.importKey(importedKey)
    await expect(
      wallet.importKey(importedKey.toUpperCase().replace('0X', '')),
    ).rejects.toMatchObject({ code: 'duplicate_account' })
  })

  it('refuses a malformed key without repeating it', async () => {
    const { wallet } = await onboardedWallet()
    const error = await wallet.importKey(`${importedKey}ff`).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'invalid_private_key' })
    expect((error as Error).message).not.toContain(importedKey.slice(2, 20))
  })

  it('removes an imported account and its name, never a derived one', async () => {
    const { wallet } = await onboardedWallet()
    await wallet.importKey(importedKey)
    await wallet.rename(importedAddress, 'Hot')
    await expect(wallet.removeAccount(first)).rejects.toThrow(/not an imported account/)
    const state = await wallet.removeAccount(importedAddress)
    expect(state.accounts).toEqual([first])
    expect(state.imported).toEqual([])
    await expect(wallet.account(importedAddress)).rejects.toThrow(/not an account/)
    expect((await wallet.importKey(importedKey)).names).toEqual(['Account 1', 'Account 2'])
  })

  it('keeps imported keys across a lock and an unlock with the password', async () => {
    const { wallet } = await onboardedWallet()
    await wallet.importKey(importedKey)
    await wallet.lock()
    expect((await wallet.unlock(password)).accounts).toEqual([first, importedAddress])
  })

  it('lets an imported key give way to the derived account it turns out to be', async () => {
    const { wallet } = await onboardedWallet()
    const anvilSecondKey = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
    await wallet.importKey(anvilSecondKey)
    const state = await wallet.addAccount()
    expect(state.accounts).toEqual([first, second])
    expect(state.imported).toEqual([])
  })
})

/** A Solana keypair (seed 1, 2, …, 32 ‖ its public key) as Phantom exports it, and its address. */
const solanaSeed = Uint8Array.from({ length: 32 }, (_, index) => index + 1)
const solanaPublicKey = ed25519.getPublicKey(solanaSeed)
const solanaKeypair = Uint8Array.from([...solanaSeed, ...solanaPublicKey])
const solanaAddress = getBase58Decoder().decode(solanaPublicKey)
/** The account key of that imported Solana key: 0x and its public key, 64 hex digits. */
const solanaAccountKey = `0x${bytesToHex(solanaPublicKey)}` as const
/** The Solana address of the test mnemonic's first account. */
const firstSolana = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'

describe('createWallet: imported Solana keys', () => {
  it('lists an imported base58 keypair by its public key, with its Solana address at its index and no EVM address', async () => {
    const { wallet, local } = await onboardedWallet()
    await wallet.importKey(importedKey)
    const state = await wallet.importKey(getBase58Decoder().decode(solanaKeypair))
    expect(state.accounts).toEqual([first, importedAddress, solanaAccountKey])
    expect(state.addresses).toEqual({ solana: [firstSolana, '', solanaAddress] })
    expect(state.imported).toEqual([importedAddress, solanaAccountKey])
    expect(state.names).toEqual(['Account 1', 'Account 2', 'Account 3'])
    expect(JSON.stringify([...local.items.values()])).not.toContain(bytesToHex(solanaSeed))
    const key = await wallet.solanaKey(solanaAddress)
    expect(key.secretKey).toEqual(solanaSeed)
  })

  it("reads solana-keygen's JSON array as the same account", async () => {
    const { wallet } = await onboardedWallet()
    const state = await wallet.importKey(JSON.stringify([...solanaKeypair]))
    expect(state.accounts).toEqual([first, solanaAccountKey])
    expect(state.addresses?.solana).toEqual([firstSolana, solanaAddress])
  })

  it('refuses a Solana key that is already one of its accounts, derived or imported', async () => {
    const { wallet } = await onboardedWallet()
    const derived = await wallet.exportKeys(first, password)
    await expect(wallet.importKey(derived.solanaPrivateKey ?? '')).rejects.toMatchObject({
      code: 'duplicate_account',
    })
    await wallet.importKey(getBase58Decoder().decode(solanaKeypair))
    await expect(wallet.importKey(JSON.stringify([...solanaKeypair]))).rejects.toMatchObject({
      code: 'duplicate_account',
    })
  })

  it('refuses the zero Solana key and a damaged keypair', async () => {
    const { wallet } = await onboardedWallet()
    const zero = Uint8Array.from([
      ...new Uint8Array(32),
      ...ed25519.getPublicKey(new Uint8Array(32)),
    ])
    await expect(wallet.importKey(JSON.stringify([...zero]))).rejects.toMatchObject({
      code: 'invalid_private_key',
    })
    const damaged = Uint8Array.from([...solanaKeypair.slice(0, 63), (solanaKeypair[63] ?? 0) ^ 1])
    await expect(wallet.importKey(getBase58Decoder().decode(damaged))).rejects.toMatchObject({
      code: 'invalid_private_key',
    })
  })

  it('exports it as the base58 keypair, removes it and forgets its key', async () => {
    const { wallet } = await onboardedWallet()
    await wallet.importKey(JSON.stringify([...solanaKeypair]))
    expect(await wallet.exportKeys(solanaAccountKey, password)).toEqual({
      privateKey: getBase58Decoder().decode(solanaKeypair),
    })
    const state = await wallet.removeAccount(solanaAccountKey)
    expect(state.accounts).toEqual([first])
    expect(state.addresses?.solana).toEqual([firstSolana])
    await expect(wallet.solanaKey(solanaAddress)).rejects.toThrow(/not an account/)
  })

  it('gives way to the derived account whose Solana key it turns out to be', async () => {
    const { wallet } = await onboardedWallet()
    const secondKeys = exportPrivateKeys({ mnemonic: testMnemonic, accountCount: 2 }, second)
    const imported = await wallet.importKey(secondKeys?.solanaPrivateKey ?? '')
    const secondSolana = imported.addresses?.solana?.[1] ?? ''
    const state = await wallet.addAccount()
    expect(state.accounts).toEqual([first, second])
    expect(state.addresses?.solana).toEqual([firstSolana, secondSolana])
    expect(state.imported).toEqual([])
  })

  it('keeps it across a lock and an unlock with the password', async () => {
    const { wallet } = await onboardedWallet()
    await wallet.importKey(getBase58Decoder().decode(solanaKeypair))
    await wallet.lock()
    expect((await wallet.unlock(password)).addresses?.solana).toEqual([firstSolana, solanaAddress])
    expect((await wallet.solanaKey(solanaAddress)).address).toBe(solanaAddress)
  })
})

describe('createWallet: the password typed again', () => {
  it('exports an account key and reveals the phrase only with the right password', async () => {
    const { wallet } = await onboardedWallet()
    await expect(wallet.exportKeys(first, 'wrong password')).rejects.toMatchObject({
      code: 'incorrect_password',
    })
    expect((await wallet.exportKeys(first, password)).privateKey).toBe(
      '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    )
    await expect(wallet.revealPhrase('')).rejects.toMatchObject({ code: 'incorrect_password' })
    expect(await wallet.revealPhrase(password)).toBe(testMnemonic)
  })

  it('exports and reveals nothing while locked, whatever the password', async () => {
    const { wallet } = await onboardedWallet()
    await wallet.lock()
    await expect(wallet.revealPhrase(password)).rejects.toMatchObject({ code: 'wallet_locked' })
  })

  it('changes the password: the old one stops opening the vault, the new one opens it', async () => {
    const { wallet, local } = await onboardedWallet()
    const vaultBefore = local.items.get('vault')
    await expect(
      wallet.changePassword('wrong password', 'a new long password'),
    ).rejects.toMatchObject({ code: 'incorrect_password' })
    await expect(wallet.changePassword(password, 'short')).rejects.toMatchObject({
      code: 'weak_password',
    })
    await wallet.changePassword(password, 'a new long password')
    expect(local.items.get('vault')).not.toBe(vaultBefore)
    await wallet.lock()
    await expect(wallet.unlock(password)).rejects.toMatchObject({ code: 'incorrect_password' })
    expect((await wallet.unlock('a new long password')).accounts).toEqual([first])
  })
})

describe('createWallet: wrong passwords slow down', () => {
  it('refuses an attempt untried after 5 wrong in a row until the delay has passed', async () => {
    let clock = 1_000_000
    const local = createMemoryStorage()
    const wallet = createWallet({ local, session: createMemoryStorage(), now: () => clock })
    await wallet.import(testMnemonic, password)
    await wallet.lock()
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(wallet.unlock('wrong password')).rejects.toMatchObject({
        code: 'incorrect_password',
      })
    }
    expect(local.items.get('passwordAttempts')).toEqual({ failures: 5, lastFailureAt: clock })
    clock += 1_000
    await expect(wallet.unlock(password)).rejects.toMatchObject({
      code: 'password_throttled',
      message: 'Too many wrong passwords. Try again in 4 seconds.',
    })
    clock += 4_000
    await expect(wallet.unlock('wrong password')).rejects.toMatchObject({
      code: 'incorrect_password',
    })
    await expect(wallet.revealPhrase(password)).rejects.toMatchObject({
      code: 'wallet_locked',
    })
    await expect(wallet.unlock(password)).rejects.toMatchObject({
      message: 'Too many wrong passwords. Try again in 10 seconds.',
    })
    clock += 10_000
    expect((await wallet.unlock(password)).status).toBe('unlocked')
    expect(local.items.has('passwordAttempts')).toBe(false)
  })

  it('counts wrong passwords typed to export, reveal or change the password as well', async () => {
    const { wallet, local } = await onboardedWallet()
    await wallet.exportKeys(first, 'wrong').catch(() => undefined)
    await wallet.revealPhrase('wrong').catch(() => undefined)
    await wallet.changePassword('wrong', 'a new long password').catch(() => undefined)
    expect(local.items.get('passwordAttempts')).toMatchObject({ failures: 3 })
  })

  it('counts each of several wrong passwords sent at once', async () => {
    const { wallet, local } = await onboardedWallet()
    await Promise.allSettled([1, 2, 3].map(() => wallet.revealPhrase('wrong')))
    expect(local.items.get('passwordAttempts')).toMatchObject({ failures: 3 })
  })
})

describe('createWallet: the key held across a worker restart', () => {
  it('tells whether the session holds the vault key without decrypting the vault', async () => {
    const { wallet, local, session } = await onboardedWallet()
    const restarted = createWallet({ local, session })
    // A vault no key opens: decrypting it would throw.
    await local.write(localKeys.vault, JSON.stringify({ data: 'AAAA', iv: 'AAAA', salt: 'AAAA' }))

    expect(await restarted.holdsKey()).toBe(true)
    await expect(restarted.isUnlocked()).rejects.toThrow()
    await wallet.lock()
    expect(await createWallet({ local, session }).holdsKey()).toBe(false)
  })
})

describe('createWallet: one decrypt at a time', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('decrypts the vault once for callers that arrive together after a worker restart', async () => {
    const { local, session } = await onboardedWallet()
    const restarted = createWallet({ local, session })
    const decrypt = vi.spyOn(crypto.subtle, 'decrypt')

    const [account, state] = await Promise.all([restarted.account(first), restarted.state()])

    expect(account.address).toBe(first)
    expect(state).toMatchObject({ status: 'unlocked', accounts: [first] })
    expect(decrypt).toHaveBeenCalledTimes(1)
  })

  it('gives a failed decrypt to every caller waiting on it, and tries again on the next call', async () => {
    const { local, session } = await onboardedWallet()
    const vault = local.items.get(localKeys.vault)
    const restarted = createWallet({ local, session })
    // A vault no key opens: decrypting it throws.
    await local.write(localKeys.vault, JSON.stringify({ data: 'AAAA', iv: 'AAAA', salt: 'AAAA' }))
    const decrypt = vi.spyOn(crypto.subtle, 'decrypt')

    const failed = await Promise.allSettled([restarted.isUnlocked(), restarted.isUnlocked()])

    expect(failed.map((each) => each.status)).toEqual(['rejected', 'rejected'])
    expect(decrypt).toHaveBeenCalledTimes(1)
    await local.write(localKeys.vault, vault)
    expect(await restarted.isUnlocked()).toBe(true)
  })

  it('stays locked when the user locks while a restarted worker decrypts the vault', async () => {
    const { local, session } = await onboardedWallet()
    const restarted = createWallet({ local, session })

    const decrypting = restarted.isUnlocked()
    await restarted.lock()

    expect(await decrypting).toBe(false)
    expect(await restarted.isUnlocked()).toBe(false)
    await expect(restarted.account(first)).rejects.toMatchObject({ code: 'wallet_locked' })
  })

  it('stays locked when a decrypt begins while the lock is still removing the session key', async () => {
    const { local, session } = await onboardedWallet()
    let finishRemoval = (): void => undefined
    // A session area whose removal ends only when the test says so.
    const lateRemoval = {
      ...session,
      remove: (key: string | string[]) =>
        new Promise<void>((resolve) => {
          finishRemoval = () => void session.remove(key).then(resolve)
        }),
    }
    const restarted = createWallet({ local, session: lateRemoval })

    const locking = restarted.lock()
    const decrypting = restarted.isUnlocked()
    await new Promise((resolve) => setTimeout(resolve, 0))
    finishRemoval()

    expect(await decrypting).toBe(false)
    expect((await locking).status).toBe('locked')
    expect(await restarted.isUnlocked()).toBe(false)
    await expect(restarted.account(first)).rejects.toMatchObject({ code: 'wallet_locked' })
  })
})
