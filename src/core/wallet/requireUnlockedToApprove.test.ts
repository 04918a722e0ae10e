import { describe, expect, it } from 'vitest'
import { WalletError } from '../rpc/errors.ts'
import { requireUnlockedToApprove } from './requireUnlockedToApprove.ts'

const locked = { isUnlocked: async () => false }
const unlocked = { isUnlocked: async () => true }

describe('requireUnlockedToApprove', () => {
  it('refuses an approval while the wallet is locked', async () => {
    const refused = requireUnlockedToApprove(locked, true)
    await expect(refused).rejects.toBeInstanceOf(WalletError)
    await expect(refused).rejects.toMatchObject({
      code: 'wallet_locked',
      message: 'Unlock the wallet first',
    })
  })

  it('lets a rejection through while locked, and an approval once unlocked', async () => {
    await expect(requireUnlockedToApprove(locked, false)).resolves.toBeUndefined()
    await expect(requireUnlockedToApprove(unlocked, true)).resolves.toBeUndefined()
  })
})
