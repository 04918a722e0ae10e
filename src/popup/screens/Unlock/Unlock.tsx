import { type FormEvent, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { ErrorText, Layout } from '../../components/Layout.tsx'
import { useWallet } from '../../stores/wallet.ts'

/** Asks for the password; `reason` says why (e.g. a site is waiting for approval). */
export function Unlock({ reason }: { reason?: string }) {
  const { unlock, busy, error } = useWallet(
    useShallow((state) => ({ unlock: state.unlock, busy: state.busy, error: state.error })),
  )
  const [password, setPassword] = useState('')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (password) void unlock(password)
  }

  return (
    <Layout title="Unlock Aperture">
      <form className="stack" onSubmit={submit}>
        {reason ? <p className="lead">{reason}</p> : null}
        <label className="field">
          <span>Password</span>
          <input
            type="password"
            autoComplete="current-password"
            data-testid="unlock-password"
            // biome-ignore lint/a11y/noAutofocus: the only field of the screen
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <ErrorText error={error} />
        <button
          type="submit"
          className="primary"
          data-testid="unlock-submit"
          disabled={busy || password === ''}
        >
          {busy ? 'Unlocking…' : 'Unlock'}
        </button>
      </form>
    </Layout>
  )
}
