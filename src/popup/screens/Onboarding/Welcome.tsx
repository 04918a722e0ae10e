import { useShallow } from 'zustand/react/shallow'
import { ErrorText, Layout } from '../../components/Layout.tsx'
import { useOnboarding } from '../../stores/onboarding.ts'

export function Welcome() {
  const { go, startCreate, error } = useOnboarding(
    useShallow((state) => ({ go: state.go, startCreate: state.startCreate, error: state.error })),
  )
  return (
    <Layout title="Welcome to Aperture">
      <p className="lead">
        A multichain wallet for trying the Multichain API. This is a canary build: use test funds
        only.
      </p>
      <div className="stack">
        <button
          type="button"
          className="primary"
          data-testid="onboarding-create"
          onClick={startCreate}
        >
          Create a new wallet
        </button>
        <button type="button" data-testid="onboarding-import" onClick={() => go('import')}>
          Import a secret recovery phrase
        </button>
      </div>
      <ErrorText error={error} />
    </Layout>
  )
}
