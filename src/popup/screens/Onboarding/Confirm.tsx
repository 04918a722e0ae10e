import { type FormEvent, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { ErrorText, Layout } from '../../components/Layout.tsx'
import { usePasswordWeakness } from '../../hooks/usePasswordWeakness.ts'
import { passwordProblem, useOnboarding } from '../../stores/onboarding.ts'
import { useWallet } from '../../stores/wallet.ts'
import { PasswordFields } from './PasswordFields.tsx'

/** Re-type some words of the new mnemonic, choose a password, create the wallet. */
export function Confirm() {
  const { confirmationIndexes, go } = useOnboarding(
    useShallow((state) => ({ confirmationIndexes: state.confirmationIndexes, go: state.go })),
  )
  const { createFromNewMnemonic, busy, error } = useWallet(
    useShallow((state) => ({
      createFromNewMnemonic: state.createFromNewMnemonic,
      busy: state.busy,
      error: state.error,
    })),
  )
  const [typed, setTyped] = useState<Record<number, string>>({})
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const problem = passwordProblem(password, confirmation)
  const strength = usePasswordWeakness(password)
  const strongEnough = strength.checked && strength.weakness === undefined
  const complete = confirmationIndexes.every((index) => (typed[index] ?? '').trim() !== '')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!problem && strongEnough && complete) void createFromNewMnemonic(password, typed)
  }

  return (
    <Layout title="Confirm your phrase">
      <form className="stack" onSubmit={submit}>
        <p className="lead">Type the words at these positions of your phrase.</p>
        {confirmationIndexes.map((index) => (
          <label className="field" key={index}>
            <span>Word #{index + 1}</span>
            <input
              data-testid={`confirm-word-${index + 1}`}
              autoComplete="off"
              spellCheck={false}
              value={typed[index] ?? ''}
              onChange={(event) => setTyped({ ...typed, [index]: event.target.value })}
            />
          </label>
        ))}
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
          <button type="button" onClick={() => go('reveal')}>
            Back
          </button>
          <button
            type="submit"
            className="primary"
            data-testid="onboarding-submit"
            disabled={busy || !complete || problem !== undefined || !strongEnough}
          >
            {busy ? 'Creating…' : 'Create wallet'}
          </button>
        </div>
      </form>
    </Layout>
  )
}
