import { walletLocked } from '../rpc/errors.ts'

/**
 * The rule of every answer the user gives in a window (an approval, a confirmation): approving needs
 * the wallet unlocked (DESIGN §4, "unlock first, in the same window"), else `wallet_locked`;
 * rejecting does not.
 */
export async function requireUnlockedToApprove(
  wallet: { isUnlocked(): Promise<boolean> },
  approved: boolean,
): Promise<void> {
  if (approved && !(await wallet.isUnlocked())) throw walletLocked()
}
