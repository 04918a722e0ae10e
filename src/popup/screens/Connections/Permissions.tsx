import type { ChainId } from '../../../core/caip/types.ts'
import type { SessionScopes } from '../../../core/multichain/ports.ts'
import { countOf } from '../../format/countOf.ts'

/** What the site may call on each granted chain (collapsed: the lists are long). */
export function Permissions({
  sessionScopes,
  chainNames,
}: {
  sessionScopes: SessionScopes
  chainNames: Record<ChainId, string>
}) {
  const scopes = Object.entries(sessionScopes) as Array<[ChainId, SessionScopes[ChainId]]>
  const methodCount = scopes.reduce((count, [, scope]) => count + scope.methods.length, 0)
  return (
    <details className="disclosure" data-testid="connection-permissions">
      <summary>Permissions · {countOf(methodCount, 'method')}</summary>
      {scopes.map(([chainId, scope]) => (
        <div key={chainId} className="permission">
          <strong>{chainNames[chainId] ?? chainId}</strong>
          <p>
            <span className="muted">Methods:</span> {scope.methods.join(', ') || 'none'}
          </p>
          <p>
            <span className="muted">Notifications:</span> {scope.notifications.join(', ') || 'none'}
          </p>
        </div>
      ))}
    </details>
  )
}
