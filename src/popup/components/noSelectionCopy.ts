import type { ClipboardEvent } from 'react'

/**
 * Keeps a shown secret (recovery words, a private key) from being copied by selection (issue 35):
 * set as its `onCopy` and `onCut`, it cancels a copy or cut that starts in it. The secret's class
 * (`words`, `secret`) also makes it unselectable (`user-select: none`). The way to copy it is
 * `CopySecret`, with its warning and its clear.
 */
export const preventSelectionCopy = (event: ClipboardEvent): void => event.preventDefault()
