import { clearClipboardIn } from './clearClipboardIn.ts'

// The offscreen document (Chromium, reason CLIPBOARD) exists only to empty the clipboard: the worker
// creates it when a copied secret's time is up, and closes it once it has loaded.
clearClipboardIn(document)
