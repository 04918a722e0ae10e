import { NodeAnswerError } from '../eth/nodeCall.ts'
import type { Signer } from '../eth/signer.ts'
import { getCallsStatus } from '../eth/signing/getCallsStatus.ts'
import { personalSign } from '../eth/signing/personalSign.ts'
import type { SignerPorts } from '../eth/signing/ports.ts'
import { resumeBroadcasts } from '../eth/signing/resumeBroadcasts.ts'
import { sendCalls } from '../eth/signing/sendCalls.ts'
import { sendTransaction } from '../eth/signing/sendTransaction.ts'
import { signTypedData } from '../eth/signing/signTypedData.ts'

/**
 * The engine's `Signer` (DESIGN §4 "Signing") over the EVM signing actions of `core/eth/signing/`,
 * one per method; a node's error while preparing a request is the page's answer.
 */
export function createSigner(ports: SignerPorts) {
  const signer: Signer = {
    async sign(request) {
      try {
        switch (request.method) {
          case 'personal_sign':
            return await personalSign(ports, request)
          case 'eth_signTypedData_v4':
            return await signTypedData(ports, request)
          case 'eth_sendTransaction':
            return await sendTransaction(ports, request)
          case 'wallet_sendCalls':
            return await sendCalls(ports, request)
        }
      } catch (error) {
        if (error instanceof NodeAnswerError) return { error: error.error }
        throw error
      }
    },
    callsStatus: (query) => getCallsStatus(ports, query),
  }
  return { signer, resumeBroadcasts: () => resumeBroadcasts(ports) }
}
