import { type Hex, hexToBytes } from 'viem'

/** How a `personal_sign` message is shown: as text when its bytes are clean UTF-8, else as hex. */
export type MessageView = { kind: 'text'; text: string } | { kind: 'hex'; hex: Hex }

/**
 * Control characters other than tab, line feed and carriage return, and the bidirectional
 * overrides and isolates: text holding them is not "clean" (it could hide or reorder what is signed).
 */
const isHiddenCharacter = (code: number): boolean =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
  (code >= 0x7f && code <= 0x9f) ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069)

const hasHiddenCharacters = (text: string): boolean => {
  for (const character of text) {
    if (isHiddenCharacter(character.codePointAt(0) ?? 0)) return true
  }
  return false
}

/**
 * The message as the user reads it: UTF-8 text when the bytes decode without error and hold no
 * control or bidirectional-override characters (which could hide what is signed), else the hex.
 *
 * @example describeMessage('0x68656c6c6f') // { kind: 'text', text: 'hello' }
 */
export function describeMessage(message: Hex): MessageView {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(message))
  } catch {
    // Not UTF-8: shown as the bytes it is.
    return { kind: 'hex', hex: message }
  }
  if (text.length === 0 || hasHiddenCharacters(text)) return { kind: 'hex', hex: message }
  return { kind: 'text', text }
}
