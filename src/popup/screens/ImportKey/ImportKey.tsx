import { type FormEvent, useEffect, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { BackHome, Layout } from '../../components/Layout.tsx'
import { useNavigation } from '../../stores/navigation.ts'
import { useWallet } from '../../stores/wallet.ts'

/**
 * Imports an account by private key (DESIGN §9). The key typed lives in this screen's state only
 * and goes to the worker once; it is gone when the screen closes.
 */
export function ImportKey() {
  const go = useNavigation((state) => state.go)
  const { importKey, busy, error, clearError } = useWallet(
    useShallow((state) => ({
      importKey: state.importKey,
      busy: state.busy,
      error: state.error,
      clearError: state.clearError,
    })),
  )
  const [key, setKey] = useState('')
  useEffect(() => clearError, [clearError])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (await importKey(key)) go('home')
  }

  return (
    <Layout title="Import an account" actions={<BackHome onBack={() => go('home')} />}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <label className="field">
          <span>Private key</span>
          <textarea
            data-testid="import-key-input"
            className="secret-input"
            autoComplete="off"
            spellCheck={false}
            rows={4}
            value={key}
            onChange={(event) => setKey(event.target.value)}
          />
          <span className="hint">
            An EVM key (64 hex digits, with or without 0x), or a Solana key: base58 as Phantom
            exports it, or the JSON array of 64 numbers solana-keygen writes. It is kept in your
            encrypted vault.
          </span>
        </label>
        {error ? (
          <p className="error" role="alert" data-testid="import-key-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="primary" data-testid="import-key-submit" disabled={busy}>
          Import
        </button>
      </form>
    </Layout>
  )
}
