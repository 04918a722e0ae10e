import { useOnboarding } from '../../stores/onboarding.ts'
import { Confirm } from './Confirm.tsx'
import { Import } from './Import.tsx'
import { Reveal } from './Reveal.tsx'
import { Welcome } from './Welcome.tsx'

/** First run: create a new wallet (reveal, then confirm) or import a secret recovery phrase. */
export function Onboarding() {
  const step = useOnboarding((state) => state.step)
  if (step === 'import') return <Import />
  if (step === 'reveal') return <Reveal />
  if (step === 'confirm') return <Confirm />
  return <Welcome />
}
