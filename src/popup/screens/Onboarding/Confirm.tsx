import { useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { Layout } from '../../components/Layout.tsx'
import { useOnboarding } from '../../stores/onboarding.ts'
import { useWallet } from '../../stores/wallet.ts'
import { PasswordStep } from './PasswordStep.tsx'

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
  const complete = confirmationIndexes.every((index) => (typed[index] ?? '').trim() !== '')

  return (
    <Layout title="Confirm your phrase">
      <PasswordStep
        ready={complete}
        busy={busy}
        error={error}
        submitLabel="Create wallet"
        busyLabel="Creating…"
        onBack={() => go('reveal')}
        onSubmit={(password) => void createFromNewMnemonic(password, typed)}
      >
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
      </PasswordStep>
    </Layout>
  )
}
