/**
 * The UTF-8 size of `value`'s JSON text: what it takes on the wire or in `chrome.storage` (counted
 * from the text's code units, without encoding a copy of it).
 *
 * @example
 * jsonBytes({ text: 'é' }) // 13
 */
export function jsonBytes(value: unknown): number {
  const text = JSON.stringify(value) ?? ''
  let bytes = 0
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index)
    if (unit < 0x80) bytes += 1
    else if (unit < 0x800) bytes += 2
    // A surrogate pair is one 4-byte character: 2 bytes for each of its halves.
    else if (unit >= 0xd800 && unit < 0xe000) bytes += 2
    else bytes += 3
  }
  return bytes
}
