import { create } from 'zustand'
import type { Address, ChainId } from '../../core/multichain/ports.ts'
import type { ConnectionView } from '../../core/wallet/messages.ts'
import { callBackground, errorMessage } from '../background.ts'

type ConnectionsStore = {
  connections: ConnectionView[]
  error: string | undefined
  load(): Promise<void>
  update(origin: string, chains: ChainId[], accounts: Address[]): Promise<void>
  revoke(origin: string): Promise<void>
}

/** The sites with a session, and editing or revoking them. */
export const useConnections = create<ConnectionsStore>((set, get) => ({
  connections: [],
  error: undefined,
  async load() {
    try {
      set({ connections: await callBackground('connections:list'), error: undefined })
    } catch (error) {
      set({ error: errorMessage(error) })
    }
  },
  async update(origin, chains, accounts) {
    try {
      await callBackground('connections:update', { origin, chains, accounts })
      await get().load()
    } catch (error) {
      set({ error: errorMessage(error) })
    }
  },
  async revoke(origin) {
    try {
      await callBackground('connections:revoke', { origin })
      await get().load()
    } catch (error) {
      set({ error: errorMessage(error) })
    }
  },
}))
