/**
 * Empties the clipboard from an extension document that may not have the focus (Chromium's
 * offscreen document, Firefox's event page): `navigator.clipboard` needs a focused document, so the
 * legacy copy command is used, its `copy` event setting empty text (the `clipboardWrite`
 * permission lets an extension page run it without a user gesture). Whatever the clipboard held is
 * replaced: without `clipboardRead` the wallet cannot see whether it still holds the secret.
 */
export function clearClipboardIn(page: Document): void {
  const empty = (event: ClipboardEvent) => {
    event.clipboardData?.setData('text/plain', '')
    event.preventDefault()
  }
  page.addEventListener('copy', empty, { once: true })
  try {
    if (!page.execCommand('copy')) throw new Error('The browser refused to write the clipboard')
  } finally {
    page.removeEventListener('copy', empty)
  }
}
