import { describe, expect, it } from 'vitest'
import { WalletError } from '../rpc/errors.ts'
import { createVault, unlockVault, unlockVaultWithKey, updateVault } from './vault.ts'

const secrets = {
  mnemonic: 'test test test test test test test test test test test junk',
  accountCount: 1,
}
const password = 'correct horse battery'

describe('vault', () => {
  it('keeps neither the mnemonic nor the password in the clear', async () => {
    const { vault } = await createVault(password, secrets)
    expect(vault).not.toContain('test test')
    expect(vault).not.toContain(password)
    expect(JSON.parse(vault)).toMatchObject({ data: expect.any(String), iv: expect.any(String) })
  })

  it('opens with its password, and with the exported key after a restart', async () => {
    const created = await createVault(password, secrets)
    const unlocked = await unlockVault(password, created.vault)
    expect(unlocked.secrets).toEqual(secrets)
    expect((await unlockVaultWithKey(unlocked.exportedKey, created.vault)).secrets).toEqual(secrets)
  })

  it('refuses a wrong password with incorrect_password', async () => {
    const { vault } = await createVault(password, secrets)
    await expect(unlockVault('wrong password', vault)).rejects.toMatchObject({
      code: 'incorrect_password',
      message: 'Incorrect password',
    })
  })

  it('refuses a password shorter than 8 characters', async () => {
    await expect(createVault('short', secrets)).rejects.toBeInstanceOf(WalletError)
  })

  it('re-encrypts changed secrets so that the same password still opens them', async () => {
    const created = await createVault(password, secrets)
    const updated = await updateVault(created, { ...secrets, accountCount: 2 })
    expect(updated.vault).not.toBe(created.vault)
    expect((await unlockVault(password, updated.vault)).secrets.accountCount).toBe(2)
  })
})
