import { create } from 'zustand'
import type { ChainId } from '../../core/caip/types.ts'
import type { NetworkView } from '../../core/protocol/popupMessages.ts'
import type { NetworkDraft } from '../../core/wallet/validateNetwork.ts'
import { callBackground, errorMessage, fieldErrorsOf } from '../callBackground.ts'

type NetworksStore = {
  networks: NetworkView[]
  /** A save in progress (the background checks the endpoint live). */
  busy: boolean
  error: string | undefined
  /** Refusals of the last save, by `NetworkDraft` field. */
  fieldErrors: Partial<Record<keyof NetworkDraft, string>>
  load(): Promise<void>
  /** Saves the form; resolves true when the network was saved. */
  save(network: NetworkDraft, replacing?: ChainId): Promise<boolean>
  remove(chainId: ChainId): Promise<void>
  clearErrors(): void
}

/** The wallet's networks: the built-in ones and those the user added. */
export const useNetworks = create<NetworksStore>((set) => ({
  networks: [],
  busy: false,
  error: undefined,
  fieldErrors: {},
  async load() {
    try {
      set({ networks: await callBackground('networks:list'), error: undefined })
    } catch (error) {
      set({ error: errorMessage(error) })
    }
  },
  async save(network, replacing) {
    set({ busy: true, error: undefined, fieldErrors: {} })
    try {
      const networks = await callBackground(
        'networks:save',
        replacing === undefined ? { network } : { network, replacing },
      )
      set({ networks, busy: false })
      return true
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error)
      set({
        busy: false,
        fieldErrors,
        error: Object.keys(fieldErrors).length > 0 ? undefined : errorMessage(error),
      })
      return false
    }
  },
  async remove(chainId) {
    try {
      set({ networks: await callBackground('networks:remove', { chainId }), error: undefined })
    } catch (error) {
      set({ error: errorMessage(error) })
    }
  },
  clearErrors: () => set({ error: undefined, fieldErrors: {} }),
}))
