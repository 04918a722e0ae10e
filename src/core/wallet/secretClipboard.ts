/**
 * How long a copied secret (the recovery phrase, a private key) may stay on the clipboard (issue
 * 35): the worker clears it this long after the copy, whether the popup is still open or not.
 */
export const secretClipboardMs = 60_000

/**
 * When the clipboard holding a secret copied at `copiedAt` is cleared.
 *
 * @example secretClipboardClearAt(1_800_000_000_000) // 1_800_000_060_000
 */
export const secretClipboardClearAt = (copiedAt: number): number => copiedAt + secretClipboardMs
