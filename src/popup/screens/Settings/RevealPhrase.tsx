import { ShownAfterPassword } from '../../components/ShownAfterPassword.tsx'
import { useSecrets } from '../../stores/secrets.ts'

/** "Reveal recovery phrase" (`settings-reveal-phrase`): after the password, the words (`reveal-words`). */
export function RevealPhrase() {
  const revealPhrase = useSecrets((state) => state.revealPhrase)
  return (
    <ShownAfterPassword
      label="Reveal recovery phrase"
      testId="settings-reveal-phrase"
      action="show your secret recovery phrase"
      fetch={revealPhrase}
      show={(mnemonic) => (
        <>
          <p className="notice danger">
            Anyone with these words controls every account of this wallet.
          </p>
          <ol className="words" data-testid="reveal-words">
            {mnemonic.split(' ').map((word, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a mnemonic may repeat a word
              <li key={index}>{word}</li>
            ))}
          </ol>
        </>
      )}
    />
  )
}
