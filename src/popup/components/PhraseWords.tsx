import { preventSelectionCopy } from './noSelectionCopy.ts'

/** The recovery phrase's words, numbered, in a list that cannot be copied by selection. */
export function PhraseWords({ words, testId }: { words: readonly string[]; testId: string }) {
  return (
    <ol
      data-testid={testId}
      className="words"
      onCopy={preventSelectionCopy}
      onCut={preventSelectionCopy}
    >
      {words.map((word, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a mnemonic may repeat a word
        <li key={index}>{word}</li>
      ))}
    </ol>
  )
}
