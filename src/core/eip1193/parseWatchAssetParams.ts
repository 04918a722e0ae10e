import { isObject } from '@metamask/utils'
import { type Address, getAddress } from 'viem'
import { isAddress } from '../eth/hex.ts'
import type { Problem } from '../rpc/errors.ts'

/** What a dapp asks to watch (EIP-747): an ERC-20 token, with what it claims about it. */
export type WatchAssetRequest = {
  address: Address
  symbol?: string
  decimals?: number
  image?: string
}

/** The longest symbol taken (EIP-747 leaves it open; the reference wallet takes 11). */
const maxSymbolLength = 11

/**
 * `wallet_watchAsset` params (EIP-747): `{ type: 'ERC20', options: { address, symbol?, decimals?,
 * image? } }`, also wrapped in a one-element array as some dapps send it. `symbol` 1–11 characters,
 * `decimals` an integer 0–36, `image` an http(s) or data URL. Never throws.
 *
 * @example parseWatchAssetParams({ type: 'ERC20', options: { address: '0x5fbd…0aa3', symbol: 'TST', decimals: 18 } })
 * // { token: { address: '0x5FbD…0aa3', symbol: 'TST', decimals: 18 } }
 */
export function parseWatchAssetParams(
  params: unknown,
): { token: WatchAssetRequest } | { problems: Problem[] } {
  const [wrapped] = Array.isArray(params) && params.length === 1 ? params : [params]
  if (!isObject(wrapped)) {
    return { problems: [{ path: 'params', message: 'must be { type, options }' }] }
  }
  if (wrapped.type !== 'ERC20') {
    return { problems: [{ path: 'params.type', message: 'must be ERC20' }] }
  }
  const { options } = wrapped
  if (!isObject(options)) {
    return { problems: [{ path: 'params.options', message: 'must be an object' }] }
  }
  const { address, symbol, decimals, image } = options
  const problems: Problem[] = []
  if (!isAddress(address)) {
    problems.push({ path: 'params.options.address', message: 'must be a 20-byte hex address' })
  }
  if (
    symbol !== undefined &&
    (typeof symbol !== 'string' || symbol.length === 0 || symbol.length > maxSymbolLength)
  ) {
    problems.push({
      path: 'params.options.symbol',
      message: `must be 1 to ${maxSymbolLength} characters`,
    })
  }
  if (
    decimals !== undefined &&
    !(typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0 && decimals <= 36)
  ) {
    problems.push({ path: 'params.options.decimals', message: 'must be an integer from 0 to 36' })
  }
  if (
    image !== undefined &&
    !(typeof image === 'string' && image.length <= 4096 && /^(https?:|data:image\/)/.test(image))
  ) {
    problems.push({ path: 'params.options.image', message: 'must be an http(s) or data:image URL' })
  }
  if (problems.length > 0 || !isAddress(address)) return { problems }
  const token: WatchAssetRequest = { address: getAddress(address) }
  if (typeof symbol === 'string') token.symbol = symbol
  if (typeof decimals === 'number') token.decimals = decimals
  if (typeof image === 'string') token.image = image
  return { token }
}
