import { useShallow } from 'zustand/react/shallow'
import { Layout } from '../../components/Layout.tsx'
import { useOnboarding } from '../../stores/onboarding.ts'

/** Shows the new mnemonic once; the user writes it down before confirming it. */
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
      <ol className="words" data-testid="mnemonic-words">
        {words.map((word, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a mnemonic may repeat a word
          <li key={index}>{word}</li>
        ))}
      </ol>
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
