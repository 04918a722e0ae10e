import type { SignInParams } from './parseSigningParams.ts'

/**
 * The Sign-In With Solana message text (the SIWS / Wallet Standard `solana:signIn` format, after
 * EIP-4361): the header with domain and address, the optional statement, then each given field on
 * its own line. `domain` and `address` must be filled in by the caller.
 *
 * @example
 * signInMessage({ domain: 'app.example', address: 'oeYf…', nonce: 'abc12345' })
 * // 'app.example wants you to sign in with your Solana account:\noeYf…\n\nNonce: abc12345'
 */
export function signInMessage(input: SignInParams & { domain: string; address: string }): string {
  let message = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`
  if (input.statement !== undefined) message += `\n\n${input.statement}`
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
  const lines = fields.flatMap(([label, value]) =>
    value === undefined ? [] : [`${label}: ${value}`],
  )
  if (input.resources !== undefined && input.resources.length > 0) {
    lines.push('Resources:', ...input.resources.map((resource) => `- ${resource}`))
  }
  if (lines.length > 0) message += `\n\n${lines.join('\n')}`
  return message
}

/** The host (with port) of an origin (`https://app.example:8443` → `app.example:8443`). */
export const originDomain = (origin: string): string =>
  origin.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
