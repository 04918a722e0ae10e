import { NodeAnswerError } from '../eth/nodeCall.ts'
import type { SolanaSignerPorts } from '../solana/signing/ports.ts'
import { resumeSends } from '../solana/signing/resumeSends.ts'
import { signIn } from '../solana/signing/signIn.ts'
import { signMessage } from '../solana/signing/signMessage.ts'
import { signTransaction } from '../solana/signing/signTransaction.ts'
import type { SolanaSigner } from '../solana/solanaNamespace.ts'

/**
 * The Solana namespace's `SolanaSigner` (DESIGN §8) over the signing actions of
 * `core/solana/signing/`, one per Wallet Standard feature; a node's error while preparing a
 * request is the page's answer.
 */
export function createSolanaSigner(ports: SolanaSignerPorts) {
  const signer: SolanaSigner = {
    async sign(request) {
      try {
        switch (request.method) {
          case 'signMessage':
            return await signMessage(ports, request)
          case 'signIn':
            return await signIn(ports, request)
          case 'signTransaction':
          case 'signAndSendTransaction':
            return await signTransaction(ports, request)
        }
      } catch (error) {
        if (error instanceof NodeAnswerError) return { error: error.error }
        throw error
      }
    },
  }
  return { signer, resumeSends: () => resumeSends(ports) }
}
