import type { Address } from 'viem'
import type { ChainId } from '../caip/types.ts'
import type { TokenWatcher } from '../eip1193/ports.ts'
import type { NodeCall } from '../eth/nodeCall.ts'
import { readTokenInfo } from '../eth/readTokenInfo.ts'
import { invalidParams, userRejected } from '../rpc/errors.ts'
import type { Json } from '../rpc/types.ts'
import type { Confirmations } from './createConfirmations.ts'

/** The confirmation kind of a watched token (`wallet_watchAsset`). */
export const watchAssetKind = 'watch_asset'

/** A token the user watches on one chain (`watchedTokens` in `storage.local`). */
export type WatchedToken = {
  chainId: ChainId
  address: Address
  symbol: string
  decimals: number
  image?: string
}

export type CreateTokenWatcherParameters = {
  confirmations: Pick<Confirmations, 'ask'>
  node(chainId: ChainId): NodeCall
  /** The watched tokens (`storage.local`). */
  tokens(): Promise<WatchedToken[]>
  saveTokens(tokens: WatchedToken[]): Promise<void>
}

/** The most tokens the wallet keeps (the oldest go first). */
const maxTokens = 100

/**
 * `wallet_watchAsset` (EIP-747, ERC-20): the token's symbol and decimals are read from the token on
 * the site's chain — what the token says wins over what the dapp says, and a dapp's `decimals` that
 * differs is `-32602`; a contract that does not answer them is `-32602` unless the dapp gave both.
 * Then the confirmation window (kind `watch_asset`); approved, the token joins the wallet's list for
 * that chain (once) and Home shows its balance.
 */
export function createTokenWatcher(parameters: CreateTokenWatcherParameters): TokenWatcher {
  const { confirmations, node, tokens, saveTokens } = parameters
  return {
    async watchAsset({ origin, requestKey, requestDigest, chainId, token }) {
      const onChain = await readTokenInfo(node(chainId), token.address)
      if (onChain && token.decimals !== undefined && token.decimals !== onChain.decimals) {
        throw invalidParams([
          {
            path: 'params.options.decimals',
            message: `the token has ${onChain.decimals} decimals`,
          },
        ])
      }
      const symbol = onChain?.symbol ?? token.symbol
      const decimals = onChain?.decimals ?? token.decimals
      if (symbol === undefined || decimals === undefined) {
        throw invalidParams([
          {
            path: 'params.options.address',
            message: 'is not an ERC-20 token on this chain (no symbol and decimals)',
          },
        ])
      }
      const watched: WatchedToken = { chainId, address: token.address, symbol, decimals }
      if (token.image !== undefined) watched.image = token.image
      const record = await confirmations.ask({
        requestKey,
        requestDigest,
        origin,
        chainId,
        kind: watchAssetKind,
        view: watched as unknown as Json,
      })
      if (!record.result?.approved) throw userRejected()
      // The token the window showed is the one watched, not a re-sent copy's.
      const shown = record.view as unknown as WatchedToken
      const others = (await tokens()).filter(
        (each) =>
          each.chainId !== shown.chainId ||
          each.address.toLowerCase() !== shown.address.toLowerCase(),
      )
      await saveTokens([...others, shown].slice(-maxTokens))
      return true
    },
  }
}
