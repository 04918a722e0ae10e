import type { Address } from 'viem'
import { readSendAssets } from '../../../core/wallet/send/readSendAsset.ts'
import { checkSender } from '../../../core/wallet/send/sendFromWallet.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'
import { type ReadPopupPorts, readPortsOf } from './sendPorts.ts'

/** `send:assets`: what the account can send on one network, with its balances. */
export const sendAssets =
  (ports: ReadPopupPorts & Pick<PopupPorts, 'watchedTokens'>): PopupHandler<'send:assets'> =>
  async ({ chainId, from }) => {
    const { namespace, from: sender } = await checkSender(readPortsOf(ports), { chainId, from })
    const watched = (await ports.watchedTokens.read())
      .filter((token) => token.chainId === chainId)
      .map((token) => token.address as Address)
    return readSendAssets({ call: ports.nodeCall(chainId), namespace, from: sender, watched })
  }
