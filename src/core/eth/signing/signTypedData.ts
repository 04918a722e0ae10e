import type { SignerAnswer } from '../../multichain/ports.ts'
import type { ConfirmationViews } from '../../wallet/confirmationViews.ts'
import { confirmRequest } from '../../wallet/confirmRequest.ts'
import { toViemTypedData } from '../parseTypedDataParams.ts'
import type { SigningRequest } from '../signer.ts'
import type { SignerPorts } from './ports.ts'

export type SignTypedDataParameters = Extract<SigningRequest, { method: 'eth_signTypedData_v4' }>

/**
 * `eth_signTypedData_v4`: shows the typed data and, once approved, signs it (EIP-712) with the
 * account the window named. What is signed is the typed data the window showed.
 */
export async function signTypedData(
  ports: Pick<SignerPorts, 'confirmations' | 'account'>,
  request: SignTypedDataParameters,
): Promise<SignerAnswer> {
  const { address, typedData } = request.params
  const record = await confirmRequest<ConfirmationViews, 'eth_signTypedData_v4'>(
    ports.confirmations,
    request,
    'eth_signTypedData_v4',
    async () => ({ address, typedData }),
  )
  const shown = record.view as unknown as ConfirmationViews['eth_signTypedData_v4']
  const account = await ports.account(shown.address)
  return { result: await account.signTypedData(toViemTypedData(shown.typedData)) }
}
