/** What a caller is told about an upstream failure: never the upstream's address or its words. */
const publicCauses = {
  unreachable: 'upstream unreachable',
  timeout: 'upstream timed out',
  'invalid-response': 'upstream answered something that is not JSON-RPC',
  'too-large': 'upstream answer too large',
} as const

/**
 * The upstream could not be reached, timed out, or answered something that is not JSON-RPC. The
 * message (with the upstream's address) is for the log; callers get `publicCause`.
 */
export class UpstreamError extends Error {
  readonly reason: keyof typeof publicCauses

  constructor(reason: UpstreamError['reason'], message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'UpstreamError'
    this.reason = reason
  }

  get publicCause(): string {
    return publicCauses[this.reason]
  }
}
