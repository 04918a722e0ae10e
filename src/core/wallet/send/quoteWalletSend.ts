import { invalidFields } from '../../rpc/errors.ts'
import { checkRecipient } from './checkRecipient.ts'
import { checkSendAmount } from './checkSendAmount.ts'
import { quoteSend, type SendQuote } from './quoteSend.ts'
import { readSendAsset } from './readSendAsset.ts'
import type { SendDraft } from './sendDraft.ts'
import { assetIdOf, checkSender, type WalletSendPorts } from './sendFromWallet.ts'

/**
 * The send screen's quote of a draft (`send-fee`, `send-max`): the sender checked as a send is,
 * the asset read now, and what the transfer costs besides its amount (`quoteSend`). It is asked
 * before the recipient and amount are final, so a recipient not valid yet is quoted as a send to
 * the sender itself, and an amount not valid yet (or above the balance) as zero.
 */
export async function quoteWalletSend(
  ports: Pick<WalletSendPorts, 'hasNetwork' | 'ownAddresses' | 'node'>,
  draft: SendDraft,
): Promise<SendQuote> {
  const { namespace, own, from } = await checkSender(ports, draft)
  const assetId = assetIdOf(namespace, draft.asset)
  if (!assetId) throw invalidFields({ asset: 'Not a token address.' })
  const call = ports.node(draft.chainId)
  const asset = await readSendAsset({ call, namespace, from, asset: assetId })
  if (!asset) throw invalidFields({ asset: 'Not an asset this account can send.' })
  const recipient = checkRecipient({ namespace, input: draft.to, ownAccounts: own })
  const to = recipient.kind === 'valid' ? recipient.address : from
  const amount = checkSendAmount({
    input: draft.amount,
    decimals: asset.decimals,
    symbol: asset.symbol,
    balance: BigInt(asset.balance),
    maxFee: 0n,
  })
  return quoteSend({
    call,
    namespace,
    chainId: draft.chainId,
    from,
    to,
    asset,
    amount: amount.kind === 'valid' ? amount.amount : 0n,
  })
}
