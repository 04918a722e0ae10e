import { requestIdentityOf } from '../protocol/requestIdentity.ts'
import { invalidParams } from '../rpc/errors.ts'
import { parseWatchAssetParams } from './parseWatchAssetParams.ts'
import { currentView, type ProviderHandler } from './providerContext.ts'

/**
 * `wallet_watchAsset` (EIP-747, `ERC20`): the token on the site's chain goes to the `TokenWatcher`
 * (a confirmation; `true`, or `4001`). Malformed → `-32602`. No session is needed: watching a token
 * shares nothing with the site.
 */
export const watchAsset: ProviderHandler = async (context, call) => {
  const parsed = parseWatchAssetParams(call.params)
  if ('problems' in parsed) throw invalidParams(parsed.problems)
  const { chainId } = await currentView(context, call.origin)
  const result = await context.ports.tokens.watchAsset({
    origin: call.origin,
    ...requestIdentityOf(call.connection, call.id, call.method, call.params),
    chainId,
    token: parsed.token,
  })
  return { result }
}
