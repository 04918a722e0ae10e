import { create } from 'zustand'
import type { SettingsView } from '../../core/protocol/popupMessages.ts'
import { callBackground, errorMessage, fieldErrorsOf } from '../callBackground.ts'

type SettingsStore = {
  settings: SettingsView | undefined
  saved: boolean
  error: string | undefined
  /** Refusals of the last save, by field (`infuraApiKey`, `autoLockMinutes`, `localDevnet.rpcUrl`, …). */
  fieldErrors: Record<string, string>
  load(): Promise<void>
  save(changes: Partial<SettingsView>): Promise<void>
}

/** The wallet's settings (API key, auto-lock, Local devnet); the background validates them. */
export const useSettings = create<SettingsStore>((set) => ({
  settings: undefined,
  saved: false,
  error: undefined,
  fieldErrors: {},
  async load() {
    try {
      set({
        settings: await callBackground('settings:get'),
        error: undefined,
        fieldErrors: {},
        saved: false,
      })
    } catch (error) {
      set({ error: errorMessage(error) })
    }
  },
  async save(changes) {
    try {
      const settings = await callBackground('settings:set', changes)
      set({ settings, saved: true, error: undefined, fieldErrors: {} })
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error)
      set({
        fieldErrors,
        error: Object.keys(fieldErrors).length > 0 ? undefined : errorMessage(error),
        saved: false,
      })
    }
  },
}))
