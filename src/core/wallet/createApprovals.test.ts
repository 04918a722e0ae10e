import { describe, expect, it } from 'vitest'
import type { ApprovalAnswer, ApprovalRequest, ApprovalResult } from '../multichain/ports.ts'
import { requestIdentityOf } from '../protocol/requestIdentity.ts'
import {
  type ApprovalRecord,
  type ApprovalRecordStore,
  type ApprovalWindows,
  createApprovals,
  maxPendingApprovals,
} from './createApprovals.ts'

const dapp = 'http://127.0.0.1:5173'
const connection = '3f0c9a52-6d1e-4f51-9a43-0d7a4b1c2e11'
const devnetScopes = {
  optionalScopes: { 'eip155:31337': { methods: ['eth_blockNumber'], notifications: [] } },
}
/** Page request 1 of the connection, the `wallet_createSession` of `request` below. */
const asked = requestIdentityOf(connection, 1, 'wallet_createSession', devnetScopes)
/** Page request 2 of the connection, asking the same. */
const otherAsked = requestIdentityOf(connection, 2, 'wallet_createSession', devnetScopes)
/** Page request 1 re-sent asking for signing methods and other session properties. */
const swapped = requestIdentityOf(connection, 1, 'wallet_createSession', {
  optionalScopes: {
    'eip155:31337': { methods: ['eth_sendTransaction', 'personal_sign'], notifications: [] },
  },
  sessionProperties: { expiry: 'never' },
})

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
/** What the approver answers for `approved`: with the request the window showed. */
const answered: ApprovalAnswer = { ...approved, shown: request }

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

/** How long an answered approval waits for its request to claim it, in these tests. */
const claimMs = 60_000

/** A browser with storage and windows, and the workers it starts one after the other. */
function browser() {
  const store = memoryStore()
  const windows = memoryWindows()
  let ids = 0
  const newId = (): string => {
    ids += 1
    return `approval-${ids}`
  }
  const clock = { now: 1_000 }
  const startWorker = () =>
    createApprovals({ store, windows, newId, now: () => clock.now, claimMs })
  return { store, windows, startWorker, clock }
}

/** Lets every pending step run (they take microtasks only). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** A first worker opens the approval for `asked` and is stopped while the user looks at it. */
async function approvalOpenWhenStopped() {
  const setup = browser()
  const first = setup.startWorker()
  const unanswered = first.requestApproval(request, asked)
  await settle()
  const record = setup.store.records.get(dapp)
  if (!record?.windowId) throw new Error('no approval window was opened')
  return { ...setup, first, unanswered, approvalId: record.id, windowId: record.windowId }
}

describe('createApprovals', () => {
  it('opens one window and answers the request with the user’s answer', async () => {
    const { store, windows, startWorker } = browser()
    const approvals = startWorker()
    const answer = approvals.requestApproval(request, asked)
    await settle()
    expect(windows.opened).toEqual(['approval-1'])
    await approvals.resolve('approval-1', approved)
    await expect(answer).resolves.toEqual(answered)
    expect(store.records.get(dapp)?.result).toEqual(approved)
  })

  it('takes only the first answer: a window closed after approving changes nothing', async () => {
    const { startWorker } = browser()
    const approvals = startWorker()
    const answer = approvals.requestApproval(request, asked)
    await settle()
    await approvals.resolve('approval-1', approved)
    await approvals.windowClosed(101)
    await expect(answer).resolves.toEqual(answered)
  })

  it('rejects when the window is closed unanswered', async () => {
    const { windows, startWorker } = browser()
    const approvals = startWorker()
    const answer = approvals.requestApproval(request, asked)
    await settle()
    windows.close(101)
    await approvals.windowClosed(101)
    await expect(answer).resolves.toEqual(rejected)
  })

  it('refuses a different request of the origin while the window is open (-32002)', async () => {
    const { windows, startWorker } = browser()
    const approvals = startWorker()
    approvals.requestApproval(request, asked)
    await settle()
    await expect(approvals.requestApproval(request, otherAsked)).rejects.toMatchObject({
      code: -32002,
      message: `Request of type wallet_createSession already pending for origin ${dapp}. Please wait.`,
    })
    expect(windows.opened).toHaveLength(1)
  })

  it(`refuses -32002 the approval of one origin more while ${maxPendingApprovals} of other origins wait, asked at once, opening no window; a closed one lets it in`, async () => {
    const { store, windows, startWorker } = browser()
    const approvals = startWorker()
    const framed = (index: number): ApprovalRequest => ({
      ...request,
      origin: `https://frame-${index}.example`,
    })
    const answers = Array.from({ length: maxPendingApprovals + 1 }, (_, index) =>
      approvals.requestApproval(framed(index), asked).then(
        () => 'answered',
        (error: { code?: number }) => error.code,
      ),
    )
    await settle()
    expect(await Promise.race([answers.at(-1), settle().then(() => 'waiting')])).toBe(-32002)
    expect(windows.opened).toHaveLength(maxPendingApprovals)
    expect(store.records.size).toBe(maxPendingApprovals)
    await expect(approvals.requestApproval(request, asked)).rejects.toMatchObject({
      code: -32002,
      message: `Too many requests of type wallet_createSession pending: at most ${maxPendingApprovals} across origins. Please wait.`,
    })
    windows.close(101)
    await approvals.windowClosed(101)
    await expect(answers[0]).resolves.toBe('answered')
    approvals.requestApproval(request, asked)
    await settle()
    expect(windows.opened).toHaveLength(maxPendingApprovals + 1)
    expect(store.records.get(dapp)?.windowId).toBe(100 + maxPendingApprovals + 1)
  })

  it('asks again for a new request once the earlier one was answered', async () => {
    const { windows, startWorker } = browser()
    const approvals = startWorker()
    const first = approvals.requestApproval(request, asked)
    await settle()
    await approvals.resolve('approval-1', rejected)
    await first
    const second = approvals.requestApproval(request, otherAsked)
    await settle()
    expect(windows.opened).toEqual(['approval-1', 'approval-2'])
    await approvals.resolve('approval-2', approved)
    await expect(second).resolves.toEqual(answered)
  })

  it('releases nothing for a refused request under the key of an answered approval', async () => {
    const { store, startWorker } = browser()
    const approvals = startWorker()
    const answer = approvals.requestApproval(request, asked)
    await settle()
    await approvals.resolve('approval-1', approved)
    await answer
    await approvals.release(dapp, swapped)
    expect(store.records.has(dapp)).toBe(true)
  })

  it('forgets the approval on release, and only that of the released request', async () => {
    const { store, startWorker } = browser()
    const approvals = startWorker()
    const answer = approvals.requestApproval(request, asked)
    await settle()
    await approvals.release(dapp, asked)
    expect(store.records.has(dapp)).toBe(true)
    await approvals.resolve('approval-1', approved)
    await answer
    await approvals.release(dapp, otherAsked)
    expect(store.records.has(dapp)).toBe(true)
    await approvals.release(dapp, asked)
    expect(store.records.has(dapp)).toBe(false)
  })

  describe('across a worker restart', () => {
    it('(stop, answer, re-send): the answer given to the new worker is kept for the re-sent request', async () => {
      const { windows, startWorker, approvalId } = await approvalOpenWhenStopped()
      const second = startWorker()
      await second.resolve(approvalId, approved)
      await expect(second.requestApproval(request, asked)).resolves.toEqual(answered)
      expect(windows.opened).toHaveLength(1)
    })

    it('(stop, re-send, answer): the re-sent request re-attaches to the open window', async () => {
      const { windows, startWorker, approvalId } = await approvalOpenWhenStopped()
      const second = startWorker()
      const answer = second.requestApproval(request, asked)
      await settle()
      expect(windows.opened).toHaveLength(1)
      await second.resolve(approvalId, approved)
      await expect(answer).resolves.toEqual(answered)
    })

    it('(stop, re-send and answer at once): the answer reaches the request in every interleaving', async () => {
      for (const answerFirst of [true, false]) {
        for (let lag = 0; lag <= 40; lag += 1) {
          const { windows, startWorker, approvalId } = await approvalOpenWhenStopped()
          const second = startWorker()
          const answering = async (): Promise<ApprovalAnswer | undefined> => {
            await second.resolve(approvalId, approved)
            return undefined
          }
          const resending = (): Promise<ApprovalAnswer | undefined> =>
            second.requestApproval(request, asked)
          const [early, late] = answerFirst ? [answering, resending] : [resending, answering]
          const steps = Promise.all([early(), hop(lag).then(late)])
          const [a, b] = await steps
          expect({ lag, answerFirst, answer: answerFirst ? b : a }).toEqual({
            lag,
            answerFirst,
            answer: answered,
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
      await expect(unanswered).resolves.toEqual(answered)
      expect(store.records.get(dapp)?.result).toEqual(approved)
      const next = startWorker()
      await expect(next.requestApproval(request, asked)).resolves.toEqual(answered)
      expect(windows.opened).toHaveLength(1)
    })

    it('(window closed during the stop): the re-sent request is rejected, no window reopened', async () => {
      const { windows, startWorker, windowId } = await approvalOpenWhenStopped()
      windows.close(windowId)
      const second = startWorker()
      await expect(second.requestApproval(request, asked)).resolves.toEqual(rejected)
      expect(windows.opened).toHaveLength(1)
    })

    it('(stopped before the window’s id was stored): the re-sent request opens the window again and waits for the user', async () => {
      const { store, windows, startWorker } = browser()
      // What a worker leaves when it stops after writing the record, before storing its window.
      const record: ApprovalRecord = { id: 'approval-0', request, ...asked }
      store.records.set(dapp, record)
      const second = startWorker()
      const resent = second.requestApproval(request, asked)
      await settle()
      expect(store.records.get(dapp)?.result).toBeUndefined()
      expect(windows.opened.at(-1)).toBe(record.id)
      await second.resolve(record.id, approved)
      await expect(resent).resolves.toEqual(answered)
    })

    it('(window closed after the restart, before the re-send): the re-sent request is rejected', async () => {
      const { windows, startWorker, windowId } = await approvalOpenWhenStopped()
      const second = startWorker()
      windows.close(windowId)
      await second.windowClosed(windowId)
      await expect(second.requestApproval(request, asked)).resolves.toEqual(rejected)
      expect(windows.opened).toHaveLength(1)
    })

    it('(stopped twice before the page got the answer): every re-send gets the same answer', async () => {
      const { windows, startWorker, approvalId } = await approvalOpenWhenStopped()
      const second = startWorker()
      await expect(
        Promise.all([second.requestApproval(request, asked), second.resolve(approvalId, approved)]),
      ).resolves.toEqual([answered, undefined])
      const third = startWorker()
      await expect(third.requestApproval(request, asked)).resolves.toEqual(answered)
      expect(windows.opened).toHaveLength(1)
    })

    it('refuses -32602 another request re-sent under the key of a pending approval; the window still answers the first', async () => {
      const { windows, startWorker, approvalId } = await approvalOpenWhenStopped()
      const second = startWorker()
      await expect(second.requestApproval(request, swapped)).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining('a re-sent request must repeat the request it re-sends'),
      })
      const answer = second.requestApproval(request, asked)
      await settle()
      await second.resolve(approvalId, approved)
      await expect(answer).resolves.toEqual(answered)
      expect(windows.opened).toHaveLength(1)
    })

    it('refuses -32602 another request under the key of an approval answered while no request waited', async () => {
      const { startWorker, approvalId } = await approvalOpenWhenStopped()
      const second = startWorker()
      await second.resolve(approvalId, approved)
      await expect(second.requestApproval(request, swapped)).rejects.toMatchObject({
        code: -32602,
      })
      await expect(second.requestApproval(request, asked)).resolves.toEqual(answered)
    })

    it('answers a re-attached request with the request its record holds, never the copy it came with', async () => {
      const { startWorker, approvalId } = await approvalOpenWhenStopped()
      const second = startWorker()
      await second.resolve(approvalId, approved)
      const copy: ApprovalRequest = {
        ...request,
        chains: [
          {
            chainId: 'eip155:1',
            required: true,
            methods: ['eth_sendTransaction'],
            notifications: [],
          },
        ],
        sessionProperties: { expiry: 'never' },
      }
      await expect(second.requestApproval(copy, asked)).resolves.toEqual({
        ...approved,
        shown: request,
      })
    })

    it('drops an approval nobody claimed within claimMs: a request that comes for it later is asked anew', async () => {
      const { store, windows, startWorker, approvalId, clock } = await approvalOpenWhenStopped()
      const second = startWorker()
      await second.resolve(approvalId, approved)
      clock.now += claimMs
      const late = second.requestApproval(request, asked)
      await settle()
      expect(windows.opened).toEqual([approvalId, 'approval-2'])
      expect(store.records.get(dapp)).toMatchObject({ id: 'approval-2' })
      await second.resolve('approval-2', rejected)
      await expect(late).resolves.toEqual(rejected)
    })

    it('sweeps, when a worker starts, an approval nobody claimed within claimMs, keeping one a request waits for', async () => {
      const { store, startWorker, approvalId, clock } = await approvalOpenWhenStopped()
      const second = startWorker()
      await second.resolve(approvalId, approved)
      const attached = startWorker()
      const other = 'https://other.example'
      const waiting = attached.requestApproval({ ...request, origin: other }, otherAsked)
      await settle()
      await attached.resolve('approval-2', approved)
      await waiting
      await startWorker().sweep()
      expect(store.records.has(dapp)).toBe(true)
      clock.now += claimMs
      await attached.sweep()
      expect(store.records.has(dapp)).toBe(false)
      expect(store.records.has(other)).toBe(true)
    })

    it('a different request of the origin is refused while the restored window is open', async () => {
      const { startWorker } = await approvalOpenWhenStopped()
      const second = startWorker()
      await expect(second.requestApproval(request, otherAsked)).rejects.toMatchObject({
        code: -32002,
      })
    })
  })
})
