/**
 * A record as the worker stores it: its JSON, and an HMAC-SHA256 of that JSON bound to the storage
 * key it was written under (hex).
 */
export type SealedRecord = { json: string; mac: string }

export type RecordSeal = {
  /** `value` sealed for the storage key `storageKey`. */
  seal(storageKey: string, value: unknown): Promise<SealedRecord>
  /**
   * The value of `stored` if this seal made it for `storageKey`; `undefined` for anything else: an
   * unsealed record, a wrong MAC, a record sealed for another key (another origin's session copied
   * over), a record sealed under another key (one made before the secret was lost).
   */
  open<T>(storageKey: string, stored: unknown): Promise<T | undefined>
}

const encoder = new TextEncoder()
/** What the MAC covers: the storage key and the JSON, unambiguously joined. */
const macInput = (storageKey: string, json: string) =>
  encoder.encode(JSON.stringify([storageKey, json]))

const toHex = (bytes: ArrayBuffer): string =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('')

/** The bytes of a hex MAC, or `undefined` if it is not one (a forged record's anything). */
function fromHex(hex: unknown): Uint8Array<ArrayBuffer> | undefined {
  if (typeof hex !== 'string' || !/^(?:[0-9a-f]{2}){32}$/.test(hex)) return undefined
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
}

const isSealed = (stored: unknown): stored is SealedRecord =>
  typeof stored === 'object' &&
  stored !== null &&
  typeof (stored as { json?: unknown }).json === 'string' &&
  typeof (stored as { mac?: unknown }).mac === 'string'

/**
 * Seals the records the worker alone writes to `storage.local` (sessions: what grants a page its
 * accounts), so that a record is trusted only if the worker wrote it (DESIGN §6, docs/security.md
 * "Storage"). `key` gives the HMAC key (`recordKey.ts`: non-extractable, kept outside
 * `chrome.storage`); the MAC is checked before the JSON is parsed, in constant time (`verify`).
 */
export function createRecordSeal(key: () => Promise<CryptoKey>, subtle: SubtleCrypto): RecordSeal {
  return {
    async seal(storageKey, value) {
      const json = JSON.stringify(value)
      const mac = await subtle.sign('HMAC', await key(), macInput(storageKey, json))
      return { json, mac: toHex(mac) }
    },
    async open<T>(storageKey: string, stored: unknown): Promise<T | undefined> {
      if (!isSealed(stored)) return undefined
      const mac = fromHex(stored.mac)
      if (!mac) return undefined
      const valid = await subtle.verify('HMAC', await key(), mac, macInput(storageKey, stored.json))
      return valid ? (JSON.parse(stored.json) as T) : undefined
    },
  }
}
