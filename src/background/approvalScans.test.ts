import { describe, expect, it } from 'vitest'
import {
  type ApprovalScan,
  findStandingApprovals,
} from '../core/wallet/approvals/findStandingApprovals.ts'
import { approvalsChain } from '../core/wallet/approvals/testing/approvalsChain.ts'
import { createApprovalScans } from './approvalScans.ts'
import { createMemoryStorage } from './testing/memoryStorage.ts'

const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('createApprovalScans', () => {
  it("keeps each account's scan when scans of two accounts on two chains end at the same moment", async () => {
    const scans = createApprovalScans(createMemoryStorage())
    const mainnet = approvalsChain(1_000n)
    const sepolia = approvalsChain(2_000n)
    // One look of each account on its chain, both at the same moment.
    const lookAtOnce = () =>
      Promise.all([
        findStandingApprovals({ call: mainnet.call, owner, scans: scans.of('eip155:1', owner) }),
        findStandingApprovals({
          call: sepolia.call,
          owner: other,
          scans: scans.of('eip155:11155111', other),
        }),
      ])
    await lookAtOnce()

    mainnet.head.number = 1_010n
    sepolia.head.number = 2_020n
    await lookAtOnce()
    // The second look of each reads only the blocks mined since its own first one.
    expect(mainnet.logRanges).toEqual([
      [0n, 1_000n],
      [1_001n, 1_010n],
    ])
    expect(sepolia.logRanges).toEqual([
      [0n, 2_000n],
      [2_001n, 2_020n],
    ])
  })

  it('keeps one account on one chain apart from the same account on another and from another account', async () => {
    const scans = createApprovalScans(createMemoryStorage())
    const scan: ApprovalScan = { toBlock: '0x1', hash: '0xab', keys: [] }
    await scans.of('eip155:1', owner).write(scan)
    expect(await scans.of('eip155:1', owner.toLowerCase()).read()).toEqual(scan)
    expect(await scans.of('eip155:11155111', owner).read()).toBeUndefined()
    expect(await scans.of('eip155:1', other).read()).toBeUndefined()
  })
})
