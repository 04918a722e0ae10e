import { type FormEvent, useEffect, useState } from 'react'
import { ErrorText, Layout } from '../../components/Layout.tsx'
import { useNavigation } from '../../stores/navigation.ts'
import { useSettings } from '../../stores/settings.ts'

/** The API key of the built-in networks, the Local devnet's endpoint, auto-lock; the networks. */
export function Settings() {
  const go = useNavigation((state) => state.go)
  const { settings, networks, saved, error, load, save } = useSettings()
  const [apiKey, setApiKey] = useState('')
  const [rpcUrl, setRpcUrl] = useState('')
  const [wsUrl, setWsUrl] = useState('')
  const [autoLock, setAutoLock] = useState('15')

  useEffect(() => {
    void load()
  }, [load])
  useEffect(() => {
    if (!settings) return
    setApiKey(settings.infuraApiKey)
    setRpcUrl(settings.localDevnet.rpcUrl)
    setWsUrl(settings.localDevnet.wsUrl)
    setAutoLock(String(settings.autoLockMinutes))
  }, [settings])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save({
      infuraApiKey: apiKey,
      localDevnet: { rpcUrl, wsUrl },
      autoLockMinutes: Number(autoLock),
    })
  }

  return (
    <Layout
      title="Settings"
      actions={
        <button type="button" className="small" data-testid="nav-home" onClick={() => go('home')}>
          Back
        </button>
      }
    >
      <form className="stack" onSubmit={submit}>
        <label className="field">
          <span>Infura API key (for the built-in networks)</span>
          <input
            type="password"
            autoComplete="off"
            data-testid="settings-api-key"
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
          />
        </label>
        <label className="field">
          <span>Local devnet HTTP endpoint</span>
          <input
            data-testid="settings-devnet-rpc-url"
            value={rpcUrl}
            onChange={(event) => setRpcUrl(event.target.value)}
          />
        </label>
        <label className="field">
          <span>Local devnet WebSocket endpoint</span>
          <input
            data-testid="settings-devnet-ws-url"
            value={wsUrl}
            onChange={(event) => setWsUrl(event.target.value)}
          />
        </label>
        <label className="field">
          <span>Lock after (minutes without use)</span>
          <input
            type="number"
            min={1}
            data-testid="settings-auto-lock"
            value={autoLock}
            onChange={(event) => setAutoLock(event.target.value)}
          />
        </label>
        <ErrorText error={error} />
        {saved ? (
          <p className="hint" role="status">
            Saved.
          </p>
        ) : null}
        <button type="submit" className="primary" data-testid="settings-save">
          Save
        </button>
      </form>

      <h2>Networks</h2>
      <ul className="list" aria-label="Networks">
        {networks.map((network) => (
          <li
            key={network.chainId}
            className="item column"
            data-testid={`network-${network.chainId}`}
          >
            <span>
              <strong>{network.name}</strong> <code>{network.chainId}</code>
              {network.enabled ? null : <em className="tag">needs API key</em>}
            </span>
            <code className="url">
              {network.kind === 'infura' ? network.rpcUrl.replace(/[^/]+$/, '…') : network.rpcUrl}
            </code>
          </li>
        ))}
      </ul>
    </Layout>
  )
}
