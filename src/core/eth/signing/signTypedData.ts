import type { SignerAnswer } from '../../multichain/ports.ts'
import type { ConfirmationViews } from '../../wallet/confirmationViews.ts'
import { confirmRequest } from '../../wallet/confirmRequest.ts'
import { describePermit } from '../../wallet/describePermit.ts'
import { toViemTypedData } from '../parseTypedDataParams.ts'
import type { SigningRequest } from '../signer.ts'
import type { SignerPorts } from './ports.ts'

export type SignTypedDataParameters = Extract<SigningRequest, { method: 'eth_signTypedData_v4' }>

/**
 * `eth_signTypedData_v4`: shows the typed data (a permit spelled out, its tokens read from the
 * chain's node) and, once approved, signs it (EIP-712) with the account the window named. What is
 * signed is the typed data the window showed.
 */
export async function signTypedData(
  ports: Pick<SignerPorts, 'confirmations' | 'account' | 'node'>,
  request: SignTypedDataParameters,
): Promise<SignerAnswer> {
  const { address, typedData } = request.params
  const record = await confirmRequest<ConfirmationViews, 'eth_signTypedData_v4'>(
    ports.confirmations,
    request,
    'eth_signTypedData_v4',
    async () => {
      const permit = await describePermit(ports.node(request.chainId), typedData)
      return { address, typedData, ...(permit ? { permit } : {}) }
    },
  )
  const shown = record.view as unknown as ConfirmationViews['eth_signTypedData_v4']
  const account = await ports.account(shown.address)
  return { result: await account.signTypedData(toViemTypedData(shown.typedData)) }
}
