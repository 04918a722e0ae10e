import type { ChainId } from '../caip/types.ts'
import type { SessionScopes, StoredSession } from '../multichain/ports.ts'
import type { RpcNotification } from '../rpc/types.ts'

/**
 * The session property that asks for `metamask_accountsChanged` (DESIGN §8), as the reference
 * wallet's Solana dapps send it: `sessionProperties: { solana_accountChanged_notifications: true }`.
 */
export const solanaAccountChangedNotifications = 'solana_accountChanged_notifications'

/** The notification's name inside `wallet_notify`: the one the reference wallet's dapps listen for. */
export const solanaAccountsChangedMethod = 'metamask_accountsChanged'

/** A session's active Solana account, and the scope it is taken from. */
export type ActiveSolanaAccount = { address: string; scope: ChainId }

/**
 * The origin's active Solana account: the first account of the session's first `solana:<ref>` scope
 * that holds one, in the session's order — the account the Wallet Standard wallet lists first.
 *
 * @example
 * activeSolanaAccount({ 'solana:123456789abcdef': { methods: [], notifications: [],
 *   accounts: ['solana:123456789abcdef:oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'] } })
 * // { address: 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96', scope: 'solana:123456789abcdef' }
 */
export function activeSolanaAccount(scopes: SessionScopes): ActiveSolanaAccount | undefined {
  for (const scope of Object.keys(scopes) as ChainId[]) {
    if (!scope.startsWith('solana:')) continue
    const [accountId] = scopes[scope]?.accounts ?? []
    if (accountId?.startsWith(`${scope}:`)) {
      return { address: accountId.slice(scope.length + 1), scope }
    }
  }
  return undefined
}

const asksForChanges = (session: StoredSession | undefined): boolean =>
  session?.sessionProperties[solanaAccountChangedNotifications] === true

/**
 * What the origin is told when its session goes from `before` to `after` (`undefined`: none) and its
 * active Solana account moved (DESIGN §8), if either session asked for it: `wallet_notify { scope,
 * notification: { method: 'metamask_accountsChanged', params: [<base58>] } }`, `[]` when no Solana
 * account is left (revoked, disconnected). The scope is the one the new account is taken from, else
 * the one the old account was. Nothing when the active account stayed or neither session asked.
 *
 * @example
 * // a session asking for it, created with account 0 on the Local Solana devnet
 * activeAccountChanged(undefined, created)
 * // [{ jsonrpc: '2.0', method: 'wallet_notify', params: { scope: 'solana:123456789abcdef',
 * //   notification: { method: 'metamask_accountsChanged', params: ['oeYf6KAJ…'] } } }]
 */
export function activeAccountChanged(
  before: StoredSession | undefined,
  after: StoredSession | undefined,
): RpcNotification[] {
  if (!asksForChanges(before) && !asksForChanges(after)) return []
  const was = activeSolanaAccount(before?.sessionScopes ?? {})
  const now = activeSolanaAccount(after?.sessionScopes ?? {})
  if (was?.address === now?.address) return []
  const scope = now?.scope ?? was?.scope
  if (scope === undefined) return []
  return [
    {
      jsonrpc: '2.0',
      method: 'wallet_notify',
      params: {
        scope,
        notification: {
          method: solanaAccountsChangedMethod,
          params: now === undefined ? [] : [now.address],
        },
      },
    },
  ]
}
