import { create } from 'zustand'
import { minimumPasswordLength } from '../../core/keyring/password.ts'
import { callBackground, errorMessage } from '../callBackground.ts'

export type OnboardingStep = 'welcome' | 'import' | 'reveal' | 'confirm'

type OnboardingStore = {
  step: OnboardingStep
  /** The new mnemonic's words, shown once during "create" (forgotten when onboarding ends). */
  words: string[]
  confirmationIndexes: number[]
  error: string | undefined
  go(step: OnboardingStep): void
  startCreate(): Promise<void>
  reset(): void
}

/** Where the user is in onboarding (choose, import, or create: reveal then confirm). */
export const useOnboarding = create<OnboardingStore>((set) => ({
  step: 'welcome',
  words: [],
  confirmationIndexes: [],
  error: undefined,
  go: (step) => set({ step, error: undefined }),
  async startCreate() {
    try {
      const { mnemonic, confirmationIndexes } = await callBackground('wallet:newMnemonic')
      set({ step: 'reveal', words: mnemonic.split(' '), confirmationIndexes, error: undefined })
    } catch (error) {
      set({ error: errorMessage(error) })
    }
  },
  reset: () => set({ step: 'welcome', words: [], confirmationIndexes: [], error: undefined }),
}))

/** Why a new password cannot be used yet, or undefined when it can. */
export function passwordProblem(password: string, confirmation: string): string | undefined {
  if (password.length < minimumPasswordLength) {
    return `Use at least ${minimumPasswordLength} characters`
  }
  if (password !== confirmation) return 'The passwords do not match'
  return undefined
}
