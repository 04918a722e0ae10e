import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApprovalView } from '../../core/protocol/popupMessages.ts'
import { stubBackground } from '../testing/fakeBackground.ts'
import { canApprove, useApproval } from './approval.ts'
import { armDelayMs } from './arming.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const view: ApprovalView = {
  id: 'approval-1',
  request: {
    origin: 'https://app.example',
    chains: [
      { chainId: 'eip155:1', required: true, methods: ['eth_call'], notifications: [] },
      { chainId: 'eip155:10', required: false, methods: ['eth_call'], notifications: [] },
    ],
    preselectedAccounts: [bob],
    sessionProperties: {},
  },
  chainNames: { 'eip155:1': 'Ethereum Mainnet', 'eip155:10': 'OP Mainnet' },
  site: { kind: 'unknown' },
  phishingContinued: false,
}

beforeEach(() => useApproval.setState(useApproval.getInitialState(), true))
afterEach(() => vi.useRealTimers())

describe('useApproval', () => {
  it('offers every chain checked and the preselected accounts; a required chain stays checked', async () => {
    stubBackground({ 'approval:get': () => view })
    await useApproval.getState().load('approval-1')
    expect(useApproval.getState()).toMatchObject({
      chains: ['eip155:1', 'eip155:10'],
      accounts: [bob],
    })
    useApproval.getState().toggleChain('eip155:1')
    useApproval.getState().toggleChain('eip155:10')
    useApproval.getState().toggleAccount(alice)
    expect(useApproval.getState()).toMatchObject({ chains: ['eip155:1'], accounts: [bob, alice] })
  })

  it('approves what is checked, then closes its window', async () => {
    vi.useFakeTimers()
    const background = stubBackground({
      'approval:get': () => view,
      'approval:resolve': () => null,
    })
    await useApproval.getState().load('approval-1')
    await vi.advanceTimersByTimeAsync(armDelayMs)
    await useApproval.getState().approve()
    expect(background.requests.at(-1)).toEqual({
      type: 'approval:resolve',
      params: {
        id: 'approval-1',
        result: { approved: true, chains: ['eip155:1', 'eip155:10'], accounts: [bob] },
      },
    })
    expect(useApproval.getState().answered).toBe('approved')
    await vi.runAllTimersAsync()
    expect(background.close).toHaveBeenCalledOnce()
  })

  it('an answered or expired request shows as gone', async () => {
    stubBackground({ 'approval:get': () => null })
    await useApproval.getState().load('approval-1')
    expect(useApproval.getState()).toMatchObject({ approval: null, chains: [], accounts: [] })
  })

  it('approves nothing until the request has been on screen for a moment', async () => {
    vi.useFakeTimers()
    const background = stubBackground({
      'approval:get': () => view,
      'approval:resolve': () => null,
    })
    await useApproval.getState().load('approval-1')
    await vi.advanceTimersByTimeAsync(armDelayMs - 1)
    await useApproval.getState().approve()
    expect(background.requests.map(({ type }) => type)).toEqual(['approval:get'])
    await vi.advanceTimersByTimeAsync(1)
    expect(useApproval.getState().armed).toBe(true)
  })
  it('can approve only when armed with at least one chain and one account, as Approve and approve() ask', async () => {
    vi.useFakeTimers()
    const background = stubBackground({
      'approval:get': () => view,
      'approval:resolve': () => null,
    })
    await useApproval.getState().load('approval-1')
    expect(canApprove(useApproval.getState())).toBe(false)
    await vi.advanceTimersByTimeAsync(armDelayMs)
    expect(canApprove(useApproval.getState())).toBe(true)
    useApproval.getState().toggleAccount(bob)
    expect(canApprove(useApproval.getState())).toBe(false)
    await useApproval.getState().approve()
    expect(background.requests.map(({ type }) => type)).toEqual(['approval:get'])
  })
})
