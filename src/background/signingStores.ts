import type { CallsBatch, CallsBatchStore, SentTransaction } from '../core/eth/signing/ports.ts'
import { localKeys, sessionKeys } from '../core/protocol/storageKeys.ts'
import type { SentSolanaTransaction } from '../core/solana/signing/ports.ts'
import type { ConfirmationRecord, ConfirmationStore } from '../core/wallet/createConfirmations.ts'
import type { OwnRequest, OwnRequestStore } from '../core/wallet/createOwnRequests.ts'
import type { RecentAnswer, RecentAnswersStore } from '../core/wallet/createRecentAnswers.ts'
import type { TransactionLogStore } from '../core/wallet/recordSentTransaction.ts'
import { createSerialQueue } from '../core/wallet/serialQueue.ts'
import type { TrackedTransaction } from '../core/wallet/transactionStatus.ts'
import type { Storage } from './storage.ts'

/** Batches kept for `wallet_getCallsStatus`: the newest ones. */
const maxBatches = 100
/** Own transactions kept for the activity list: the newest ones. */
const maxTransactions = 200

/** The `storage.session` key of a confirmation record. */
const confirmationKey = (id: string): string => `${sessionKeys.confirmationPrefix}${id}`

/** Confirmation records as `storage.session` items, to be written in one call with others. */
const confirmationItems = (
  records: readonly ConfirmationRecord[],
): Record<string, ConfirmationRecord> =>
  Object.fromEntries(records.map((record) => [confirmationKey(record.id), record]))

/** Confirmation records in `storage.session`, one item each, and the window's id. */
export function createConfirmationStore(session: Storage): ConfirmationStore {
  const key = confirmationKey
  return {
    list: async () =>
      Object.values(await session.readPrefixed<ConfirmationRecord>(sessionKeys.confirmationPrefix)),
    write: (record) => session.write(key(record.id), record),
    remove: (id) => session.remove(key(id)),
    readWindow: () => session.read<number>(sessionKeys.confirmationWindow),
    writeWindow: (windowId) =>
      windowId === undefined
        ? session.remove(sessionKeys.confirmationWindow)
        : session.write(sessionKeys.confirmationWindow, windowId),
  }
}

/** The wallet's own requests under way in `storage.session`, one item each, by request key. */
export const createOwnRequestStore = (session: Storage): OwnRequestStore => ({
  list: async () =>
    Object.values(await session.readPrefixed<OwnRequest>(sessionKeys.ownRequestPrefix)),
  write: (request) =>
    session.write(`${sessionKeys.ownRequestPrefix}${request.requestKey}`, request),
  remove: (requestKey) => session.remove(`${sessionKeys.ownRequestPrefix}${requestKey}`),
})

/** The `storage.session` key of a recent answer. */
const recentAnswerKey = (requestKey: string): string =>
  `${sessionKeys.recentAnswerPrefix}${requestKey}`

/**
 * The recent answers of page requests in `storage.session`, one item each (keeping one writes only
 * it), each written in one call with the confirmation records answered for its request
 * (`RecentAnswersStore`).
 */
export const createRecentAnswersStore = <Answer>(session: Storage): RecentAnswersStore<Answer> => ({
  read: () => session.readPrefixed<RecentAnswer<Answer>>(sessionKeys.recentAnswerPrefix),
  write: (requestKey, answer, records) =>
    session.writeItems({ [recentAnswerKey(requestKey)]: answer, ...confirmationItems(records) }),
  remove: (requestKeys) => session.remove(requestKeys.map(recentAnswerKey)),
})

/** `wallet_sendCalls` batches in `storage.local` (a dapp may ask their status after a restart). */
export function createCallsBatchStore(local: Storage): CallsBatchStore {
  const inTurn = createSerialQueue()
  return {
    read: async (id) =>
      (await local.read<Record<string, CallsBatch>>(localKeys.callsBatches))?.[id],
    write: (batch) =>
      inTurn(async () => {
        const all = (await local.read<Record<string, CallsBatch>>(localKeys.callsBatches)) ?? {}
        const kept = Object.entries({ ...all, [batch.id]: batch }).slice(-maxBatches)
        await local.write(localKeys.callsBatches, Object.fromEntries(kept))
      }),
  }
}

/**
 * A list kept in `storage.local` under `key`, newest last, cut to the newest `maxTransactions`;
 * each change is one read-change-write after the others, so no change is lost.
 */
function createStoredList<Entry>(local: Storage, key: string) {
  const inTurn = createSerialQueue()
  const read = async (): Promise<Entry[]> => (await local.read<Entry[]>(key)) ?? []
  const change = (edit: (all: Entry[]) => Entry[]): Promise<void> =>
    inTurn(async () => {
      await local.write(key, edit(await read()).slice(-maxTransactions))
    })
  return { read, change }
}

type LoggedTransaction = SentTransaction | TrackedTransaction

/**
 * The wallet's own transactions in `storage.local`, newest last, for the activity list; kept up
 * when written (`recordSentTransaction`), never by a read. One entry per hash: a transaction told
 * of again (re-broadcast on wake, a batch's page asking again) keeps its entry, its place and its
 * state, and gains the time it was sent again (`resentAt`) when it was.
 */
export function createTransactionLog(local: Storage): TransactionLogStore {
  const { read, change } = createStoredList<LoggedTransaction>(local, localKeys.transactions)
  return {
    read,
    append: (transaction) =>
      change((all) =>
        all.some((entry) => entry.hash === transaction.hash)
          ? all.map((entry) =>
              entry.hash === transaction.hash && transaction.resentAt !== undefined
                ? { ...entry, resentAt: transaction.resentAt }
                : entry,
            )
          : [...all, transaction],
      ),
    recordStatuses: (settled) =>
      change((all) =>
        all.map((entry) => settled.find((update) => update.hash === entry.hash) ?? entry),
      ),
  }
}

export type TransactionLog = TransactionLogStore

/**
 * The wallet's own Solana transactions in `storage.local`, newest last, for the activity list; one
 * entry per signature (a transaction sent again after a worker restart is told of twice).
 */
export function createSolanaTransactionLog(local: Storage) {
  const { read, change } = createStoredList<SentSolanaTransaction>(
    local,
    localKeys.solanaTransactions,
  )
  return {
    read,
    append: (transaction: SentSolanaTransaction): Promise<void> =>
      change((all) =>
        all.some((entry) => entry.signature === transaction.signature)
          ? all
          : [...all, transaction],
      ),
  }
}

export type SolanaTransactionLog = ReturnType<typeof createSolanaTransactionLog>
