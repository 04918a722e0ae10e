import type { SignInParams } from './parseSigningParams.ts'

/**
 * The Sign-In With Solana message text, exactly as the Wallet Standard's reference
 * (`createSignInMessageText` of `@solana/wallet-standard-util`, after EIP-4361) writes it, so a
 * dapp verifying with that library re-derives the same bytes: the header with domain and address,
 * the statement when not empty, then each non-empty field on its own line, and `Resources:` with
 * one `- <resource>` line each whenever `resources` is given (an empty list included).
 * `domain` and `address` must be filled in by the caller.
 *
 * @example
 * signInMessage({ domain: 'app.example', address: 'oeYf…', nonce: 'abc12345' })
 * // 'app.example wants you to sign in with your Solana account:\noeYf…\n\nNonce: abc12345'
 */
export function signInMessage(input: SignInParams & { domain: string; address: string }): string {
  let message = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`
  if (input.statement) message += `\n\n${input.statement}`
  const fields: Array<[string, string | undefined]> = [
    ['URI', input.uri],
    ['Version', input.version],
    ['Chain ID', input.chainId],
    ['Nonce', input.nonce],
    ['Issued At', input.issuedAt],
    ['Expiration Time', input.expirationTime],
    ['Not Before', input.notBefore],
    ['Request ID', input.requestId],
  ]
  const lines = fields.flatMap(([label, value]) => (value ? [`${label}: ${value}`] : []))
  if (input.resources !== undefined) {
    lines.push('Resources:', ...input.resources.map((resource) => `- ${resource}`))
  }
  if (lines.length > 0) message += `\n\n${lines.join('\n')}`
  return message
}

/** The host (with port) of an origin (`https://app.example:8443` → `app.example:8443`). */
export const originDomain = (origin: string): string =>
  origin.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
