import { type Address, recoverMessageAddress } from 'viem'
import { invalidParams } from '../rpc/errors.ts'
import { parseEcRecoverParams } from './parseEcRecoverParams.ts'
import type { ProviderHandler } from './providerContext.ts'

/** `personal_ecRecover [message, signature]`: the signer of an EIP-191 message, lowercase, computed locally. */
export const ecRecover: ProviderHandler = async (_context, { params }) => {
  const parsed = parseEcRecoverParams(params)
  if ('problems' in parsed) throw invalidParams(parsed.problems)
  let signer: Address
  try {
    signer = await recoverMessageAddress({
      message: { raw: parsed.message },
      signature: parsed.signature,
    })
  } catch (error) {
    throw invalidParams([
      { path: 'params[1]', message: `cannot recover a signer: ${String(error).slice(0, 100)}` },
    ])
  }
  return { result: signer.toLowerCase() }
}
