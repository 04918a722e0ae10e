import { parseSiweMessage } from 'viem/siwe'
import { echo } from '../../rpc/errors.ts'
import { originDomain } from '../../solana/signInMessage.ts'
import { viewOf, type WarningRule } from './warningRule.ts'

/**
 * The domain a sign-in message names: a Solana sign-in's, or that of a `personal_sign` text that is
 * an EIP-4361 Sign-In with Ethereum message (parsed by viem, which needs its address line too).
 */
function signInDomainOf(subject: Parameters<WarningRule>[0]): string | undefined {
  const solana = viewOf(subject, 'solana_signIn')
  if (solana) return solana.domain
  const message = viewOf(subject, 'personal_sign')?.message
  if (message?.kind !== 'text') return undefined
  const siwe = parseSiweMessage(message.text)
  return siwe.address === undefined ? undefined : siwe.domain
}

/**
 * `signin-domain` (block): a Sign-In with Ethereum or Solana message whose domain is not the
 * requesting origin's host — a site asking to sign the user in elsewhere, as them.
 */
export const signInDomain: WarningRule = (subject) => {
  const domain = signInDomainOf(subject)
  const own = originDomain(subject.origin)
  if (domain === undefined || domain === own) return undefined
  return {
    kind: 'signin-domain',
    level: 'block',
    message: `This sign-in is for ${echo(domain)}, but the request comes from ${echo(own)}. Another site may be trying to sign you in as you.`,
  }
}
