import { useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { Layout } from '../../components/Layout.tsx'
import { useOnboarding } from '../../stores/onboarding.ts'
import { useWallet } from '../../stores/wallet.ts'
import { PasswordStep } from './PasswordStep.tsx'

/** Type an existing recovery phrase, choose a password, import the wallet. */
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

  return (
    <Layout title="Import a wallet">
      <PasswordStep
        ready={mnemonic.trim() !== ''}
        busy={busy}
        error={error}
        submitLabel="Import"
        busyLabel="Importing…"
        onBack={() => go('welcome')}
        onSubmit={(password) => void importMnemonic(mnemonic, password)}
      >
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
      </PasswordStep>
    </Layout>
  )
}
