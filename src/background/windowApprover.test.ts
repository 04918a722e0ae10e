import { describe, expect, it, vi } from 'vitest'
import type { ApprovalRequest, ApprovalResult } from '../core/multichain/ports.ts'
import { requestIdentityOf } from '../core/protocol/requestIdentity.ts'
import { sessionKeys } from '../core/protocol/storageKeys.ts'
import { createMemoryStorage } from './testing/memoryStorage.ts'
import { createWindowApprover, type WindowsApi } from './windowApprover.ts'

const dapp = 'https://app.example'
const extensionBase = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/'
const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
/** Page request 1 of connection `tab-1`: the `wallet_createSession` whose approval is `request`. */
const asked = requestIdentityOf('tab-1', 1, 'wallet_createSession', {
  requiredScopes: { 'eip155:31337': { methods: ['eth_call'], notifications: [] } },
})
const request: ApprovalRequest = {
  origin: dapp,
  chains: [{ chainId: 'eip155:31337', required: true, methods: ['eth_call'], notifications: [] }],
  preselectedAccounts: [alice],
  sessionProperties: {},
}

/** `chrome.windows` with windows that open, and close when the test says so. */
function fakeWindows(): WindowsApi & { opened: string[]; close(id: number): void } {
  const open = new Set<number>()
  const opened: string[] = []
  let nextId = 100
  return {
    opened,
    async create(options) {
      opened.push(options.url)
      const id = nextId++
      open.add(id)
      return { id }
    },
    async getAll() {
      return [...open].map((id) => ({ id }))
    },
    close: (id) => open.delete(id),
  }
}

function createApprover(storage = createMemoryStorage(), windows = fakeWindows()) {
  let next = 0
  const approver = createWindowApprover({
    storage,
    windows,
    extensionUrl: (path) => `${extensionBase}${path}`,
    newId: () => `approval-${++next}`,
    now: () => 1_000,
    claimMs: 60_000,
  })
  return { approver, storage, windows }
}

describe('createWindowApprover', () => {
  it('opens the approval page in a popup window and answers what the user chose there', async () => {
    const { approver, storage, windows } = createApprover()
    approver.expect(dapp, asked)
    const answer = approver.approver.requestApproval(request)
    await vi.waitFor(() => expect(windows.opened).toHaveLength(1))
    expect(windows.opened).toEqual([`${extensionBase}src/popup/window.html?approval=approval-1`])
    expect(storage.items.get(`${sessionKeys.approvalPrefix}${dapp}`)).toMatchObject({
      id: 'approval-1',
      request,
      requestKey: 'tab-1/1',
      requestDigest: asked.requestDigest,
      windowId: 100,
    })
    expect(await approver.get('approval-1')).toMatchObject({ id: 'approval-1', request })
    const chosen: ApprovalResult = { approved: true, chains: ['eip155:31337'], accounts: [alice] }
    await approver.resolve('approval-1', chosen)
    expect(await answer).toEqual({ ...chosen, shown: request })
  })

  it('a closed window is a rejection', async () => {
    const { approver, windows } = createApprover()
    approver.expect(dapp, asked)
    const answer = approver.approver.requestApproval(request)
    await vi.waitFor(() => expect(windows.opened).toHaveLength(1))
    windows.close(100)
    await approver.windowClosed(100)
    expect(await answer).toEqual({ approved: false })
  })

  it('a request re-sent to a restarted worker re-attaches to the open window instead of opening another', async () => {
    const storage = createMemoryStorage()
    const windows = fakeWindows()
    const before = createApprover(storage, windows)
    before.approver.expect(dapp, asked)
    void before.approver.approver.requestApproval(request)
    await vi.waitFor(() => expect(windows.opened).toHaveLength(1))

    const after = createApprover(storage, windows)
    after.approver.expect(dapp, asked)
    const answer = after.approver.approver.requestApproval(request)
    await after.approver.resolve('approval-1', { approved: false })
    expect(await answer).toEqual({ approved: false })
    expect(windows.opened).toHaveLength(1)
  })

  it('forgets the approval once its request is answered', async () => {
    const { approver, storage, windows } = createApprover()
    approver.expect(dapp, asked)
    const answer = approver.approver.requestApproval(request)
    await vi.waitFor(() => expect(windows.opened).toHaveLength(1))
    await approver.resolve('approval-1', { approved: false })
    await answer
    expect(storage.items.has(`${sessionKeys.approvalPrefix}${dapp}`)).toBe(true)
    await approver.answered(dapp, asked)
    expect(storage.items.has(`${sessionKeys.approvalPrefix}${dapp}`)).toBe(false)
  })
})
