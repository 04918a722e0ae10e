import type { ConfirmationRecord, ConfirmationStore } from '../createConfirmations.ts'

/**
 * `storage.session` as the worker sees it, in memory: hand the same store to the next worker of a
 * test and it finds the records the last one left. It keeps and gives out copies, never the
 * records it was handed; `records` shows what it holds. `hop` runs before each record read or
 * write (e.g. a few microtask turns, where real storage awaits).
 */
export function memoryConfirmationStore(
  hop: () => Promise<void> = async () => {},
): ConfirmationStore & { records: Map<string, ConfirmationRecord> } {
  const records = new Map<string, ConfirmationRecord>()
  let windowId: number | undefined
  return {
    records,
    list: async () => {
      await hop()
      return [...records.values()].map((record) => structuredClone(record))
    },
    write: async (record) => {
      await hop()
      records.set(record.id, structuredClone(record))
    },
    remove: async (id) => {
      await hop()
      records.delete(id)
    },
    readWindow: async () => windowId,
    writeWindow: async (id) => {
      windowId = id
    },
  }
}
