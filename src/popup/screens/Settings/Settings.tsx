import { type FormEvent, useEffect, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { BackHome, ErrorText, FieldError, Layout } from '../../components/Layout.tsx'
import { useNavigation } from '../../stores/navigation.ts'
import { useSettings } from '../../stores/settings.ts'
import { ChangePassword } from './ChangePassword.tsx'
import { NetworkList } from './NetworkList.tsx'
import { RevealPhrase } from './RevealPhrase.tsx'

/** The API key of the built-in networks, auto-lock, the Local devnet's endpoint; the networks. */
export function Settings() {
  const go = useNavigation((state) => state.go)
  const { settings, saved, error, fieldErrors, load, save } = useSettings(
    useShallow((state) => ({
      settings: state.settings,
      saved: state.saved,
      error: state.error,
      fieldErrors: state.fieldErrors,
      load: state.load,
      save: state.save,
    })),
  )
  const [apiKey, setApiKey] = useState('')
  const [showKey, setShowKey] = useState(false)
  const [rpcUrl, setRpcUrl] = useState('')
  const [wsUrl, setWsUrl] = useState('')
  const [autoLock, setAutoLock] = useState('15')
  const [phishingUpdates, setPhishingUpdates] = useState(false)
  const [knownBadUpdates, setKnownBadUpdates] = useState(false)

  useEffect(() => {
    void load()
  }, [load])
  useEffect(() => {
    if (!settings) return
    setApiKey(settings.infuraApiKey)
    setRpcUrl(settings.localDevnet.rpcUrl)
    setWsUrl(settings.localDevnet.wsUrl)
    setAutoLock(String(settings.autoLockMinutes))
    setPhishingUpdates(settings.phishingListUpdates)
    setKnownBadUpdates(settings.knownBadListUpdates)
  }, [settings])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save({
      infuraApiKey: apiKey,
      localDevnet: { rpcUrl, wsUrl },
      autoLockMinutes: Number(autoLock),
      phishingListUpdates: phishingUpdates,
      knownBadListUpdates: knownBadUpdates,
    })
  }

  return (
    <Layout title="Settings" actions={<BackHome onBack={() => go('home')} />}>
      <form className="stack" onSubmit={submit} noValidate>
        <label className="field">
          <span>Infura API key</span>
          <span className="input-with-button">
            <input
              type={showKey ? 'text' : 'password'}
              autoComplete="off"
              spellCheck={false}
              placeholder="Not set"
              data-testid="settings-api-key"
              aria-invalid={fieldErrors.infuraApiKey ? true : undefined}
              value={apiKey}
              onChange={(event) => setApiKey(event.target.value)}
            />
            <button
              type="button"
              className="small ghost"
              data-testid="settings-api-key-toggle"
              aria-pressed={showKey}
              onClick={() => setShowKey(!showKey)}
            >
              {showKey ? 'Hide' : 'Show'}
            </button>
          </span>
          <span className="hint">Used by the built-in networks; without it they are off.</span>
          <FieldError error={fieldErrors.infuraApiKey} testId="settings-api-key" />
        </label>
        <label className="field">
          <span>Lock after (minutes without use)</span>
          <input
            type="number"
            min={1}
            max={1440}
            data-testid="settings-auto-lock"
            aria-invalid={fieldErrors.autoLockMinutes ? true : undefined}
            value={autoLock}
            onChange={(event) => setAutoLock(event.target.value)}
          />
          <FieldError error={fieldErrors.autoLockMinutes} testId="settings-auto-lock" />
        </label>
        <label className="field">
          <span>Local devnet HTTP endpoint</span>
          <input
            spellCheck={false}
            data-testid="settings-devnet-rpc-url"
            aria-invalid={fieldErrors['localDevnet.rpcUrl'] ? true : undefined}
            value={rpcUrl}
            onChange={(event) => setRpcUrl(event.target.value)}
          />
          <FieldError error={fieldErrors['localDevnet.rpcUrl']} testId="settings-devnet-rpc-url" />
        </label>
        <label className="field">
          <span>Local devnet WebSocket endpoint</span>
          <input
            spellCheck={false}
            data-testid="settings-devnet-ws-url"
            aria-invalid={fieldErrors['localDevnet.wsUrl'] ? true : undefined}
            value={wsUrl}
            onChange={(event) => setWsUrl(event.target.value)}
          />
          <FieldError error={fieldErrors['localDevnet.wsUrl']} testId="settings-devnet-ws-url" />
        </label>
        <CheckSetting
          testId="settings-phishing-updates"
          checked={phishingUpdates}
          onChange={setPhishingUpdates}
          label="Update the phishing list daily from its source"
          hint="Off: sites are checked against the list shipped with Aperture. On: Aperture downloads eth-phishing-detect's list from GitHub once a day. Either way, sites are checked on this computer alone."
        />
        <CheckSetting
          testId="settings-known-bad-updates"
          checked={knownBadUpdates}
          onChange={setKnownBadUpdates}
          label="Update the list of known scam addresses daily from its source"
          hint="Off: recipients are checked against the list shipped with Aperture. On: Aperture downloads ethereum-lists' darklist from GitHub once a day. Either way, addresses are checked on this computer alone."
        />
        <ErrorText error={error} />
        {saved ? (
          <p className="hint" role="status" data-testid="settings-saved">
            Saved.
          </p>
        ) : null}
        <button type="submit" className="primary" data-testid="settings-save">
          Save settings
        </button>
      </form>
      <NetworkList />
      <section className="stack" aria-label="Security">
        <RevealPhrase />
        <ChangePassword />
      </section>
    </Layout>
  )
}

/** A setting that is on or off, with what each means under it. */
function CheckSetting(props: {
  testId: string
  checked: boolean
  onChange(checked: boolean): void
  label: string
  hint: string
}) {
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          data-testid={props.testId}
          checked={props.checked}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        <span>{props.label}</span>
      </label>
      <p className="hint">{props.hint}</p>
    </>
  )
}
