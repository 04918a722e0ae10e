import { signWithSolanaKey } from '../../keyring/deriveSolanaKeys.ts'
import type { SignerAnswer } from '../../multichain/ports.ts'
import type { SolanaConfirmationViews } from '../../wallet/confirmationViews.ts'
import { confirmRequest } from '../../wallet/confirmRequest.ts'
import { toBase58 } from '../base58.ts'
import { toBase64 } from '../base64.ts'
import { originDomain, signInMessage } from '../signInMessage.ts'
import type { SolanaSigningRequest } from '../solanaNamespace.ts'
import type { SolanaSignerPorts } from './ports.ts'

export type SignInParameters = Extract<SolanaSigningRequest, { method: 'signIn' }>

/**
 * Wallet Standard `solana:signIn` (Sign In With Solana): shows the SIWS message built from the
 * dapp's fields and, once approved, signs the text the window showed with the account it named.
 */
export async function signIn(
  ports: Pick<SolanaSignerPorts, 'confirmations' | 'key'>,
  request: SignInParameters,
): Promise<SignerAnswer> {
  const { address, domain } = request.params
  const record = await confirmRequest<SolanaConfirmationViews, 'solana_signIn'>(
    ports.confirmations,
    request,
    'solana_signIn',
    async () => ({
      address,
      text: signInMessage(request.params),
      domain,
      originDomain: originDomain(request.origin),
    }),
  )
  const shown = record.view as unknown as SolanaConfirmationViews['solana_signIn']
  const message = new TextEncoder().encode(shown.text)
  const signature = signWithSolanaKey(await ports.key(shown.address), message)
  return {
    result: {
      account: { address: shown.address },
      signedMessage: toBase64(message),
      signature: toBase58(signature),
      signatureType: 'ed25519',
    },
  }
}
