import { useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { BackHome, ErrorText, Layout } from '../../components/Layout.tsx'
import { useConnections } from '../../stores/connections.ts'
import { useNavigation } from '../../stores/navigation.ts'
import { ConnectionRow } from './ConnectionRow.tsx'

/** Every site with a session; kept current while open (expiry, edits from elsewhere, new calls). */
export function Connections() {
  const go = useNavigation((state) => state.go)
  const { connections, error, load, watch } = useConnections(
    useShallow((state) => ({
      connections: state.connections,
      error: state.error,
      load: state.load,
      watch: state.watch,
    })),
  )

  useEffect(() => {
    void load()
    return watch()
  }, [load, watch])

  return (
    <Layout title="Connected sites" actions={<BackHome onBack={() => go('home')} />}>
      {connections.length === 0 ? <p className="lead">No site is connected.</p> : null}
      {connections.map((connection) => (
        <ConnectionRow
          // A session changed elsewhere (a new approval, an expiry) starts a fresh edit.
          key={`${connection.origin} ${connection.session.createdAt} ${JSON.stringify(connection.session.sessionScopes)}`}
          connection={connection}
        />
      ))}
      <ErrorText error={error} />
    </Layout>
  )
}
