import { useEffect } from 'react'
import { ErrorText, Layout } from '../../components/Layout.tsx'
import { useConnections } from '../../stores/connections.ts'
import { useNavigation } from '../../stores/navigation.ts'
import { ConnectionRow } from './ConnectionRow.tsx'

/** Every site with a session. */
export function Connections() {
  const go = useNavigation((state) => state.go)
  const { connections, error, load } = useConnections()

  useEffect(() => {
    void load()
  }, [load])

  return (
    <Layout
      title="Connected sites"
      actions={
        <button type="button" className="small" data-testid="nav-home" onClick={() => go('home')}>
          Back
        </button>
      }
    >
      {connections.length === 0 ? <p className="lead">No site is connected.</p> : null}
      {connections.map((connection) => (
        <ConnectionRow key={connection.origin} connection={connection} />
      ))}
      <ErrorText error={error} />
    </Layout>
  )
}
