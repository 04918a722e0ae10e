import { describe, expect, it } from 'vitest'
import type { ApprovalRequest, ApprovalResult } from '../multichain/ports.ts'
import {
  type ApprovalRecord,
  type ApprovalRecordStore,
  type ApprovalWindows,
  createApprovals,
} from './createApprovals.ts'

const dapp = 'http://127.0.0.1:5173'
const requestKey = '3f0c9a52-6d1e-4f51-9a43-0d7a4b1c2e11/1'
const otherRequestKey = '3f0c9a52-6d1e-4f51-9a43-0d7a4b1c2e11/2'

const request: ApprovalRequest = {
  origin: dapp,
  chains: [
    {
      chainId: 'eip155:31337',
      required: false,
      methods: ['eth_blockNumber'],
      notifications: [],
    },
  ],
  preselectedAccounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
  sessionProperties: {},
}

const approved: ApprovalResult = {
  approved: true,
  chains: ['eip155:31337'],
  accounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
}
const rejected: ApprovalResult = { approved: false }

/**
 * A few turns of the microtask queue: storage and window calls take some (as in the browser), so
 * that steps begun together interleave — deterministically, without timers.
 */
const hop = async (turns = 3): Promise<void> => {
  for (let turn = 0; turn < turns; turn += 1) await Promise.resolve()
}

/** `storage.session` as the worker sees it: it outlives every worker of a test. */
function memoryStore(): ApprovalRecordStore & { records: Map<string, ApprovalRecord> } {
  const records = new Map<string, ApprovalRecord>()
  return {
    records,
    read: async (origin) => {
      await hop()
      return structuredClone(records.get(origin))
    },
    write: async (origin, record) => {
      await hop()
      records.set(origin, structuredClone(record))
    },
    remove: async (origin) => {
      await hop()
      records.delete(origin)
    },
    list: async () => {
      await hop()
      return [...records.values()].map((record) => structuredClone(record))
    },
  }
}

/** The browser's windows: they too outlive the worker. */
function memoryWindows(): ApprovalWindows & { opened: string[]; close(id: number): void } {
  const open = new Set<number>()
  const opened: string[] = []
  return {
    opened,
    open: async (approvalId) => {
      opened.push(approvalId)
      const id = 100 + opened.length
      open.add(id)
      return id
    },
    exists: async (windowId) => {
      await hop()
      return open.has(windowId)
    },
    close: (id) => {
      open.delete(id)
    },
  }
}

/** A browser with storage and windows, and the workers it starts one after the other. */
function browser() {
  const store = memoryStore()
  const windows = memoryWindows()
  let ids = 0
  const newId = (): string => {
    ids += 1
    return `approval-${ids}`
  }
  const startWorker = () => createApprovals({ store, windows, newId })
  return { store, windows, startWorker }
}

/** Lets every pending step run (they take microtasks only). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** A first worker opens the approval for `requestKey` and is stopped while the user looks at it. */
async function approvalOpenWhenStopped() {
  const setup = browser()
  const first = setup.startWorker()
  const unanswered = first.requestApproval(request, requestKey)
  await settle()
  const record = setup.store.records.get(dapp)
  if (!record?.windowId) throw new Error('no approval window was opened')
  return { ...setup, first, unanswered, approvalId: record.id, windowId: record.windowId }
}

describe('createApprovals', () => {
  it('opens one window and answers the request with the user’s answer', async () => {
    const { store, windows, startWorker } = browser()
    const approvals = startWorker()
    const answer = approvals.requestApproval(request, requestKey)
    await settle()
    expect(windows.opened).toEqual(['approval-1'])
    await approvals.resolve('approval-1', approved)
    await expect(answer).resolves.toEqual(approved)
    expect(store.records.get(dapp)?.result).toEqual(approved)
  })

  it('takes only the first answer: a window closed after approving changes nothing', async () => {
    const { startWorker } = browser()
    const approvals = startWorker()
    const answer = approvals.requestApproval(request, requestKey)
    await settle()
    await approvals.resolve('approval-1', approved)
    await approvals.windowClosed(101)
    await expect(answer).resolves.toEqual(approved)
  })

  it('rejects when the window is closed unanswered', async () => {
    const { windows, startWorker } = browser()
    const approvals = startWorker()
    const answer = approvals.requestApproval(request, requestKey)
    await settle()
    windows.close(101)
    await approvals.windowClosed(101)
    await expect(answer).resolves.toEqual(rejected)
  })

  it('refuses a different request of the origin while the window is open (-32002)', async () => {
    const { windows, startWorker } = browser()
    const approvals = startWorker()
    approvals.requestApproval(request, requestKey)
    await settle()
    await expect(approvals.requestApproval(request, otherRequestKey)).rejects.toMatchObject({
      code: -32002,
      message: `Request of type wallet_createSession already pending for origin ${dapp}. Please wait.`,
    })
    expect(windows.opened).toHaveLength(1)
  })

  it('asks again for a new request once the earlier one was answered', async () => {
    const { windows, startWorker } = browser()
    const approvals = startWorker()
    const first = approvals.requestApproval(request, requestKey)
    await settle()
    await approvals.resolve('approval-1', rejected)
    await first
    const second = approvals.requestApproval(request, otherRequestKey)
    await settle()
    expect(windows.opened).toEqual(['approval-1', 'approval-2'])
    await approvals.resolve('approval-2', approved)
    await expect(second).resolves.toEqual(approved)
  })

  it('forgets the approval on release, and only that of the released request', async () => {
    const { store, startWorker } = browser()
    const approvals = startWorker()
    const answer = approvals.requestApproval(request, requestKey)
    await settle()
    await approvals.release(dapp, requestKey)
    expect(store.records.has(dapp)).toBe(true)
    await approvals.resolve('approval-1', approved)
    await answer
    await approvals.release(dapp, otherRequestKey)
    expect(store.records.has(dapp)).toBe(true)
    await approvals.release(dapp, requestKey)
    expect(store.records.has(dapp)).toBe(false)
  })

  describe('across a worker restart', () => {
    it('(stop, answer, re-send): the answer given to the new worker is kept for the re-sent request', async () => {
      const { windows, startWorker, approvalId } = await approvalOpenWhenStopped()
      const second = startWorker()
      await second.resolve(approvalId, approved)
      await expect(second.requestApproval(request, requestKey)).resolves.toEqual(approved)
      expect(windows.opened).toHaveLength(1)
    })

    it('(stop, re-send, answer): the re-sent request re-attaches to the open window', async () => {
      const { windows, startWorker, approvalId } = await approvalOpenWhenStopped()
      const second = startWorker()
      const answer = second.requestApproval(request, requestKey)
      await settle()
      expect(windows.opened).toHaveLength(1)
      await second.resolve(approvalId, approved)
      await expect(answer).resolves.toEqual(approved)
    })

    it('(stop, re-send and answer at once): the answer reaches the request in every interleaving', async () => {
      for (const answerFirst of [true, false]) {
        for (let lag = 0; lag <= 40; lag += 1) {
          const { windows, startWorker, approvalId } = await approvalOpenWhenStopped()
          const second = startWorker()
          const answering = async (): Promise<ApprovalResult | undefined> => {
            await second.resolve(approvalId, approved)
            return undefined
          }
          const resending = (): Promise<ApprovalResult | undefined> =>
            second.requestApproval(request, requestKey)
          const [early, late] = answerFirst ? [answering, resending] : [resending, answering]
          const steps = Promise.all([early(), hop(lag).then(late)])
          const [a, b] = await steps
          expect({ lag, answerFirst, answer: answerFirst ? b : a }).toEqual({
            lag,
            answerFirst,
            answer: approved,
          })
          expect(windows.opened).toHaveLength(1)
        }
      }
    })

    it('(answer during the stop): the answer the stopping worker recorded reaches the re-sent request', async () => {
      const { store, windows, startWorker, first, unanswered, approvalId } =
        await approvalOpenWhenStopped()
      // The stopping worker records the answer and wakes its request, which dies with it.
      await first.resolve(approvalId, approved)
      await expect(unanswered).resolves.toEqual(approved)
      expect(store.records.get(dapp)?.result).toEqual(approved)
      const next = startWorker()
      await expect(next.requestApproval(request, requestKey)).resolves.toEqual(approved)
      expect(windows.opened).toHaveLength(1)
    })

    it('(window closed during the stop): the re-sent request is rejected, no window reopened', async () => {
      const { windows, startWorker, windowId } = await approvalOpenWhenStopped()
      windows.close(windowId)
      const second = startWorker()
      await expect(second.requestApproval(request, requestKey)).resolves.toEqual(rejected)
      expect(windows.opened).toHaveLength(1)
    })

    it('(window closed after the restart, before the re-send): the re-sent request is rejected', async () => {
      const { windows, startWorker, windowId } = await approvalOpenWhenStopped()
      const second = startWorker()
      windows.close(windowId)
      await second.windowClosed(windowId)
      await expect(second.requestApproval(request, requestKey)).resolves.toEqual(rejected)
      expect(windows.opened).toHaveLength(1)
    })

    it('(stopped twice before the page got the answer): every re-send gets the same answer', async () => {
      const { windows, startWorker, approvalId } = await approvalOpenWhenStopped()
      const second = startWorker()
      await expect(
        Promise.all([
          second.requestApproval(request, requestKey),
          second.resolve(approvalId, approved),
        ]),
      ).resolves.toEqual([approved, undefined])
      const third = startWorker()
      await expect(third.requestApproval(request, requestKey)).resolves.toEqual(approved)
      expect(windows.opened).toHaveLength(1)
    })

    it('a different request of the origin is refused while the restored window is open', async () => {
      const { startWorker } = await approvalOpenWhenStopped()
      const second = startWorker()
      await expect(second.requestApproval(request, otherRequestKey)).rejects.toMatchObject({
        code: -32002,
      })
    })
  })
})
