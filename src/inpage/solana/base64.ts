/** Base64 of bytes (what the wallet's Solana methods take for messages and transactions). */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** The bytes of a base64 text; `undefined` when it is not base64. */
export function decodeBase64(text: string): Uint8Array | undefined {
  let binary: string
  try {
    binary = atob(text)
  } catch {
    // atob's only failure is a text that is not base64: answered as undefined, as the type says.
    return undefined
  }
  return Uint8Array.from(binary, (character) => character.charCodeAt(0))
}
