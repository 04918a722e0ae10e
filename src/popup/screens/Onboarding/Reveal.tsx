import { useShallow } from 'zustand/react/shallow'
import { Layout } from '../../components/Layout.tsx'
import { PhraseWords } from '../../components/PhraseWords.tsx'
import { useOnboarding } from '../../stores/onboarding.ts'

/**
 * Shows the new mnemonic once; the user writes it down before confirming it. There is no copy
 * button here, and the words cannot be copied by selection (`PhraseWords`).
 */
export function Reveal() {
  const { words, go, reset } = useOnboarding(
    useShallow((state) => ({ words: state.words, go: state.go, reset: state.reset })),
  )
  return (
    <Layout title="Your secret recovery phrase">
      <p className="lead">
        Write these 12 words down in order and keep them offline. Anyone with them controls your
        accounts; Aperture cannot recover them for you.
      </p>
      <PhraseWords words={words} testId="mnemonic-words" />
      <div className="row">
        <button type="button" onClick={reset}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          data-testid="mnemonic-saved"
          onClick={() => go('confirm')}
        >
          I wrote it down
        </button>
      </div>
    </Layout>
  )
}
