import { create } from 'zustand'
import type { NetworkView, SettingsView } from '../../core/wallet/messages.ts'
import { callBackground, errorMessage } from '../background.ts'

type SettingsStore = {
  settings: SettingsView | undefined
  networks: NetworkView[]
  saved: boolean
  error: string | undefined
  load(): Promise<void>
  save(changes: Partial<SettingsView>): Promise<void>
}

/** The wallet's settings and networks. */
export const useSettings = create<SettingsStore>((set) => ({
  settings: undefined,
  networks: [],
  saved: false,
  error: undefined,
  async load() {
    try {
      const [settings, networks] = await Promise.all([
        callBackground('settings:get'),
        callBackground('networks:list'),
      ])
      set({ settings, networks, error: undefined, saved: false })
    } catch (error) {
      set({ error: errorMessage(error) })
    }
  },
  async save(changes) {
    try {
      const settings = await callBackground('settings:set', changes)
      const networks = await callBackground('networks:list')
      set({ settings, networks, saved: true, error: undefined })
    } catch (error) {
      set({ error: errorMessage(error), saved: false })
    }
  },
}))
