/** Where the record key is kept between workers and browser runs (`indexedDbKeyStore.ts`). */
export type KeyStore = {
  read(): Promise<CryptoKey | undefined>
  write(key: CryptoKey): Promise<void>
}

/**
 * The HMAC key of the worker's sealed records (`recordSeal.ts`): read from `store`, or made at the
 * first use (HMAC-SHA256, 256 bits, non-extractable: no context, the worker's own included, can
 * read its bytes, only use it) and kept there. Asked for once per worker; a failed read or write
 * is asked again on the next use rather than remembered.
 */
export function createRecordKey(store: KeyStore, subtle: SubtleCrypto): () => Promise<CryptoKey> {
  let loading: Promise<CryptoKey> | undefined
  const load = async (): Promise<CryptoKey> => {
    const kept = await store.read()
    if (kept) return kept
    const made = await subtle.generateKey({ name: 'HMAC', hash: 'SHA-256', length: 256 }, false, [
      'sign',
      'verify',
    ])
    await store.write(made)
    return made
  }
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
}
