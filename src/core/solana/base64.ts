import { getBase64Decoder, getBase64Encoder } from '@solana/kit'

const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** The bytes of a canonical base64 string, `undefined` when it is not one or decodes past `maxBytes`. */
export function readBase64(value: unknown, maxBytes: number): Uint8Array | undefined {
  if (typeof value !== 'string' || value.length > Math.ceil(maxBytes / 3) * 4) return undefined
  if (!base64Pattern.test(value)) return undefined
  return new Uint8Array(getBase64Encoder().encode(value))
}

/** `bytes` as standard base64 (with padding). */
export const toBase64 = (bytes: Uint8Array): string => getBase64Decoder().decode(bytes)
