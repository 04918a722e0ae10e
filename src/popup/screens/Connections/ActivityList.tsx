import type { ActivityEntry } from '../../../core/wallet/activity.ts'
import { countOf } from '../../format/countOf.ts'

const time = (at: number): string =>
  new Date(at).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })

/** Keys for the entries: their content, told apart by occurrence when two calls look the same. */
function entryKeys(entries: ActivityEntry[]): string[] {
  const seen = new Map<string, number>()
  return entries.map((entry) => {
    const base = `${entry.at} ${entry.chainId} ${entry.method} ${entry.errorCode}`
    const count = (seen.get(base) ?? 0) + 1
    seen.set(base, count)
    return `${base} ${count}`
  })
}

/** The site's latest `wallet_invokeMethod` calls, newest first: method, outcome, time and chain. */
export function ActivityList({ activity }: { activity: ActivityEntry[] }) {
  const newestFirst = [...activity].reverse()
  const keys = entryKeys(newestFirst)
  const failed = activity.filter((entry) => entry.errorCode !== null).length
  return (
    <details className="disclosure" data-testid="connection-activity">
      <summary>
        Activity · {countOf(activity.length, 'call')}
        {failed > 0 ? `, ${failed} failed` : ''}
      </summary>
      {newestFirst.length === 0 ? (
        <p className="hint">No calls yet.</p>
      ) : (
        <ol className="activity" aria-label="Latest calls, newest first">
          {newestFirst.map((entry, index) => (
            <li
              key={keys[index]}
              className="activity-entry"
              data-testid="activity-entry"
              data-method={entry.method}
              data-chain={entry.chainId}
              data-outcome={entry.errorCode === null ? 'ok' : String(entry.errorCode)}
            >
              <span className="activity-line">
                <code className="activity-method">{entry.method}</code>
                {entry.errorCode === null ? (
                  <span className="outcome ok">ok</span>
                ) : (
                  <span className="outcome failed">error {entry.errorCode}</span>
                )}
              </span>
              <span className="hint">
                {time(entry.at)} · {entry.chainId}
              </span>
            </li>
          ))}
        </ol>
      )}
    </details>
  )
}
