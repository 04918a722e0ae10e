import { create } from 'zustand'

export type Screen = 'home' | 'connections' | 'settings'

/** Which screen of the unlocked popup is showing. */
export const useNavigation = create<{ screen: Screen; go(screen: Screen): void }>((set) => ({
  screen: 'home',
  go: (screen) => set({ screen }),
}))
