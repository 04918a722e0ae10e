import type { SignerAnswer } from '../../multichain/ports.ts'
import type { ConfirmationViews } from '../../wallet/confirmationViews.ts'
import { confirmRequest } from '../../wallet/confirmRequest.ts'
import { describeMessage } from '../../wallet/describeMessage.ts'
import type { SigningRequest } from '../signer.ts'
import type { SignerPorts } from './ports.ts'

export type PersonalSignParameters = Extract<SigningRequest, { method: 'personal_sign' }>

/**
 * `personal_sign`: shows the message (as text when it reads as text) and, once approved, signs
 * its bytes (EIP-191) with the account the window named. What is signed is the record's view
 * (what the window showed), never a re-sent copy's params.
 */
export async function personalSign(
  ports: Pick<SignerPorts, 'confirmations' | 'account'>,
  request: PersonalSignParameters,
): Promise<SignerAnswer> {
  const { address, message } = request.params
  const record = await confirmRequest<ConfirmationViews, 'personal_sign'>(
    ports.confirmations,
    request,
    'personal_sign',
    async () => ({ address, message: describeMessage(message), raw: message }),
  )
  const shown = record.view as unknown as ConfirmationViews['personal_sign']
  const account = await ports.account(shown.address)
  return { result: await account.signMessage({ message: { raw: shown.raw } }) }
}
