/**
 * The wrong passwords typed in a row (unlock, export, reveal, change password), as the worker keeps
 * them (`storage.local`, so neither a popup reload, a worker stop nor a browser restart resets them):
 * how many, and when the latest was refused.
 */
export type PasswordAttempts = { failures: number; lastFailureAt: number }

/** How many wrong passwords in a row are free: from the next one on, each waits. */
export const freeWrongPasswords = 5

/** The longest wait between two password attempts. */
export const maxPasswordDelayMs = 60_000

/**
 * How long after the latest wrong password the next attempt must wait (DESIGN §9): nothing for the
 * first 5 in a row, then 5 s, doubling with each further wrong one, at most a minute.
 *
 * @example passwordDelayMs(5) // 5_000
 * @example passwordDelayMs(9) // 60_000
 */
export function passwordDelayMs(failures: number): number {
  if (failures < freeWrongPasswords) return 0
  return Math.min(maxPasswordDelayMs, 5_000 * 2 ** (failures - freeWrongPasswords))
}

/**
 * The milliseconds left before a password may be tried again (0: now).
 *
 * @example passwordWaitMs({ failures: 5, lastFailureAt: 1_000 }, 3_000) // 3_000
 */
export function passwordWaitMs(attempts: PasswordAttempts | undefined, now: number): number {
  if (!attempts) return 0
  return Math.max(0, attempts.lastFailureAt + passwordDelayMs(attempts.failures) - now)
}
