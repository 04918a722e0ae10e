/**
 * A JSON file of the extension's own package (`url`, as the build names it), fetched and parsed at
 * the first call and kept: a large list read when a check first needs it, not compiled into the
 * worker's code at every start (issue 36, cold start). A failed read is tried again at the next call.
 */
export function packagedJson<T>(url: string, fetchFile: typeof fetch = fetch): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () => {
    loading ??= fetchFile(url)
      .then(async (response) => {
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`)
        return (await response.json()) as T
      })
      .catch((error: unknown) => {
        loading = undefined
        throw error
      })
    return loading
  }
}
