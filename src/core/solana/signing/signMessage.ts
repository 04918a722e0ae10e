import { type Hex, hexToBytes } from 'viem'
import { signWithSolanaKey } from '../../keyring/deriveSolanaKeys.ts'
import type { SignerAnswer } from '../../multichain/ports.ts'
import type { SolanaConfirmationViews } from '../../wallet/confirmationViews.ts'
import { confirmRequest } from '../../wallet/confirmRequest.ts'
import { describeMessage } from '../../wallet/describeMessage.ts'
import { toBase58 } from '../base58.ts'
import { toBase64 } from '../base64.ts'
import type { SolanaSigningRequest } from '../solanaNamespace.ts'
import type { SolanaSignerPorts } from './ports.ts'

export type SignMessageParameters = Extract<SolanaSigningRequest, { method: 'signMessage' }>

const toHex = (bytes: Uint8Array): Hex =>
  `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`

/**
 * Wallet Standard `solana:signMessage`: shows the message and, once approved, signs its bytes
 * (ed25519) with the account the window named. What is signed is the message the window showed,
 * never the bytes of a re-sent copy.
 */
export async function signMessage(
  ports: Pick<SolanaSignerPorts, 'confirmations' | 'key'>,
  request: SignMessageParameters,
): Promise<SignerAnswer> {
  const { address, message } = request.params
  const record = await confirmRequest<SolanaConfirmationViews, 'solana_signMessage'>(
    ports.confirmations,
    request,
    'solana_signMessage',
    async () => ({ address, message: describeMessage(toHex(message)), raw: toHex(message) }),
  )
  const shown = record.view as unknown as SolanaConfirmationViews['solana_signMessage']
  const bytes = hexToBytes(shown.raw)
  const signature = signWithSolanaKey(await ports.key(shown.address), bytes)
  return {
    result: {
      signature: toBase58(signature),
      signedMessage: toBase64(bytes),
      signatureType: 'ed25519',
    },
  }
}
