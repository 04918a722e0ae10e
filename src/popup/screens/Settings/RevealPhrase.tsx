import { CopySecret } from '../../components/CopySecret.tsx'
import { PhraseWords } from '../../components/PhraseWords.tsx'
import { ShownAfterPassword } from '../../components/ShownAfterPassword.tsx'
import { useSecrets } from '../../stores/secrets.ts'

/**
 * "Reveal recovery phrase" (`settings-reveal-phrase`): after the password, the words
 * (`reveal-words`, not copyable by selection) and their copy button (`reveal-words-copy`).
 */
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
          <PhraseWords words={mnemonic.split(' ')} testId="reveal-words" />
          <CopySecret secret={mnemonic} what="the recovery phrase" testId="reveal-words-copy" />
        </>
      )}
    />
  )
}
