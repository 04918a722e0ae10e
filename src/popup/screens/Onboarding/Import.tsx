import { type FormEvent, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { ErrorText, Layout } from '../../components/Layout.tsx'
import { usePasswordWeakness } from '../../hooks/usePasswordWeakness.ts'
import { passwordProblem, useOnboarding } from '../../stores/onboarding.ts'
import { useWallet } from '../../stores/wallet.ts'
import { PasswordFields } from './PasswordFields.tsx'

export function Import() {
  const go = useOnboarding((state) => state.go)
  const { importMnemonic, busy, error } = useWallet(
    useShallow((state) => ({
      importMnemonic: state.importMnemonic,
      busy: state.busy,
      error: state.error,
    })),
  )
  const [mnemonic, setMnemonic] = useState('')
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const problem = passwordProblem(password, confirmation)
  const strength = usePasswordWeakness(password)
  const strongEnough = strength.checked && strength.weakness === undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!problem && strongEnough) void importMnemonic(mnemonic, password)
  }

  return (
    <Layout title="Import a wallet">
      <form className="stack" onSubmit={submit}>
        <label className="field">
          <span>Secret recovery phrase (12–24 words)</span>
          <textarea
            data-testid="mnemonic-input"
            rows={3}
            autoComplete="off"
            spellCheck={false}
            value={mnemonic}
            onChange={(event) => setMnemonic(event.target.value)}
          />
        </label>
        <PasswordFields
          password={password}
          confirmation={confirmation}
          weakness={strength.weakness}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
        />
        {password && problem ? <p className="hint">{problem}</p> : null}
        <ErrorText error={error} />
        <div className="row">
          <button type="button" onClick={() => go('welcome')}>
            Back
          </button>
          <button
            type="submit"
            className="primary"
            data-testid="onboarding-submit"
            disabled={busy || mnemonic.trim() === '' || problem !== undefined || !strongEnough}
          >
            {busy ? 'Importing…' : 'Import'}
          </button>
        </div>
      </form>
    </Layout>
  )
}
