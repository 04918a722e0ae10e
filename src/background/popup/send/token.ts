import { invalidFields } from '../../../core/rpc/errors.ts'
import { readSendAsset } from '../../../core/wallet/send/readSendAsset.ts'
import { assetIdOf, checkSender } from '../../../core/wallet/send/sendFromWallet.ts'
import type { PopupHandler } from '../ports.ts'
import { type ReadPopupPorts, readPortsOf } from './sendPorts.ts'

/**
 * `send:token`: a token typed in by address, read from the chain (an ERC-20's symbol and decimals,
 * or a Solana token the account holds) with the account's balance; `invalid_fields` otherwise.
 */
export const sendToken =
  (ports: ReadPopupPorts): PopupHandler<'send:token'> =>
  async ({ chainId, from, token }) => {
    const { namespace, from: sender } = await checkSender(readPortsOf(ports), { chainId, from })
    const asset = assetIdOf(namespace, token)
    if (!asset || asset === 'native') throw invalidFields({ asset: 'Not a token address.' })
    const read = await readSendAsset({
      call: ports.nodeCall(chainId),
      namespace,
      from: sender,
      asset,
    })
    if (!read) {
      throw invalidFields({
        asset:
          namespace === 'eip155'
            ? 'This address does not answer as an ERC-20 token.'
            : 'This account holds none of this token.',
      })
    }
    return read
  }
