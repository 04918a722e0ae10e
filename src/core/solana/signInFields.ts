/**
 * The string fields of a Sign-In With Solana input (`SolanaSignInInput`), in the order the SIWS
 * message lists them: what the page's wallet passes on and what the worker checks, named once.
 */
export const signInFields = [
  'domain',
  'address',
  'statement',
  'uri',
  'version',
  'chainId',
  'nonce',
  'issuedAt',
  'expirationTime',
  'notBefore',
  'requestId',
] as const

export type SignInField = (typeof signInFields)[number]
