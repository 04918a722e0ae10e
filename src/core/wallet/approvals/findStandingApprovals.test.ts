import { maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { permit2Address } from './approvalAbis.ts'
import { findStandingApprovals } from './findStandingApprovals.ts'
import {
  approvalsChain,
  erc20ApprovalLog,
  memoryScanStore,
  operatorApprovalLog,
  permit2ApprovalLog,
} from './testing/approvalsChain.ts'

const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const spender = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const operator = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const collection = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'

describe('findStandingApprovals', () => {
  it('lists an ERC-20 allowance with its current amount and the token read from the chain', async () => {
    const chain = approvalsChain()
    chain.logs.push(erc20ApprovalLog(token, owner, spender, 10n, 5n))
    chain.allowances.set(`${token}:${spender}`.toLowerCase(), 7n)
    expect(
      await findStandingApprovals({ call: chain.call, owner, scans: memoryScanStore() }),
    ).toEqual([
      {
        kind: 'erc20',
        contract: token,
        spender,
        amount: '7',
        unlimited: false,
        tokenInfo: { address: token, symbol: 'TST', decimals: 18 },
      },
    ])
  })

  it('flags an unlimited allowance', async () => {
    const chain = approvalsChain()
    chain.logs.push(erc20ApprovalLog(token, owner, spender, maxUint256, 5n))
    chain.allowances.set(`${token}:${spender}`.toLowerCase(), maxUint256)
    const [approval] = await findStandingApprovals({
      call: chain.call,
      owner,
      scans: memoryScanStore(),
    })
    expect(approval?.unlimited).toBe(true)
  })

  it('lists an operator the collection still approves (setApprovalForAll)', async () => {
    const chain = approvalsChain()
    chain.logs.push(operatorApprovalLog(collection, owner, operator, true, 8n))
    chain.operators.add(`${collection}:${operator}`.toLowerCase())
    expect(
      await findStandingApprovals({ call: chain.call, owner, scans: memoryScanStore() }),
    ).toEqual([{ kind: 'operator', contract: collection, spender: operator }])
  })

  it('leaves out what logs granted but the contract no longer allows (revoked, spent)', async () => {
    const chain = approvalsChain()
    chain.logs.push(
      erc20ApprovalLog(token, owner, spender, 10n, 5n),
      operatorApprovalLog(collection, owner, operator, true, 8n),
    )
    expect(
      await findStandingApprovals({ call: chain.call, owner, scans: memoryScanStore() }),
    ).toEqual([])
  })

  it('lists a Permit2 allowance until it expires', async () => {
    const chain = approvalsChain()
    const expiration = Number(chain.head.timestamp) + 3_600
    chain.logs.push(permit2ApprovalLog(permit2Address, owner, token, spender, 50n, expiration, 9n))
    chain.permit2.set(`${token}:${spender}`.toLowerCase(), [50n, expiration])
    expect(
      await findStandingApprovals({ call: chain.call, owner, scans: memoryScanStore() }),
    ).toEqual([
      {
        kind: 'permit2',
        contract: permit2Address,
        token,
        spender,
        amount: '50',
        unlimited: false,
        expiration,
        tokenInfo: { address: token, symbol: 'TST', decimals: 18 },
      },
    ])
    chain.head.timestamp += 3_601n
    expect(
      await findStandingApprovals({ call: chain.call, owner, scans: memoryScanStore() }),
    ).toEqual([])
  })

  it("ignores Permit2's events emitted by any other contract", async () => {
    const chain = approvalsChain()
    const expiration = Number(chain.head.timestamp) + 3_600
    chain.logs.push(permit2ApprovalLog(collection, owner, token, spender, 50n, expiration, 9n))
    chain.permit2.set(`${token}:${spender}`.toLowerCase(), [50n, expiration])
    expect(
      await findStandingApprovals({ call: chain.call, owner, scans: memoryScanStore() }),
    ).toEqual([])
  })

  it('checks one approval once however many logs name it, and pages past the result cap', async () => {
    const chain = approvalsChain(1_000n, 2)
    for (let block = 1n; block <= 6n; block++) {
      chain.logs.push(erc20ApprovalLog(token, owner, spender, block, block * 100n))
    }
    chain.allowances.set(`${token}:${spender}`.toLowerCase(), 6n)
    const approvals = await findStandingApprovals({
      call: chain.call,
      owner,
      scans: memoryScanStore(),
    })
    expect(approvals.map(({ amount }) => amount)).toEqual(['6'])
  })

  it("goes on from where the account's last look ended, keeping the approvals it found", async () => {
    const chain = approvalsChain(1_000n)
    const scans = memoryScanStore()
    chain.logs.push(erc20ApprovalLog(token, owner, spender, 10n, 5n))
    chain.allowances.set(`${token}:${spender}`.toLowerCase(), 7n)
    await findStandingApprovals({ call: chain.call, owner, scans, rangeSize: 100_000n })
    expect(chain.logRanges).toEqual([[0n, 1_000n]])

    chain.head.number = 1_040n
    chain.logs.push(operatorApprovalLog(collection, owner, operator, true, 1_020n))
    chain.operators.add(`${collection}:${operator}`.toLowerCase())
    const approvals = await findStandingApprovals({ call: chain.call, owner, scans })
    expect(chain.logRanges).toEqual([
      [0n, 1_000n],
      [1_001n, 1_040n],
    ])
    expect(approvals.map(({ kind }) => kind)).toEqual(['erc20', 'operator'])

    await findStandingApprovals({ call: chain.call, owner, scans })
    expect(chain.logRanges).toHaveLength(2)
  })

  it('keeps how far a look stopped at its call limit read, and the next goes on from there', async () => {
    const chain = approvalsChain(2_500n)
    const scans = memoryScanStore()
    chain.logs.push(
      erc20ApprovalLog(token, owner, spender, 10n, 10n),
      operatorApprovalLog(collection, owner, operator, true, 2_200n),
    )
    chain.allowances.set(`${token}:${spender}`.toLowerCase(), 7n)
    chain.operators.add(`${collection}:${operator}`.toLowerCase())
    // One block per call: blocks 0 to 1,999 take the 2,000 calls a look may make.
    await expect(
      findStandingApprovals({ call: chain.call, owner, scans, rangeSize: 1n }),
    ).rejects.toThrow('more than 2000 calls')
    expect(chain.logRanges.at(-1)).toEqual([1_999n, 1_999n])

    chain.logRanges.length = 0
    const approvals = await findStandingApprovals({ call: chain.call, owner, scans, rangeSize: 1n })
    expect(chain.logRanges).toHaveLength(501)
    expect(chain.logRanges[0]).toEqual([2_000n, 2_000n])
    expect(chain.logRanges.at(-1)).toEqual([2_500n, 2_500n])
    expect(approvals.map(({ kind }) => kind)).toEqual(['erc20', 'operator'])
  })

  it('reads the chain from its start again when the block the last look ended at is gone', async () => {
    const chain = approvalsChain(1_000n)
    const scans = memoryScanStore()
    await findStandingApprovals({ call: chain.call, owner, scans, rangeSize: 100_000n })
    chain.generation += 1
    chain.logs.push(erc20ApprovalLog(token, owner, spender, 10n, 500n))
    chain.allowances.set(`${token}:${spender}`.toLowerCase(), 7n)
    const approvals = await findStandingApprovals({
      call: chain.call,
      owner,
      scans,
      rangeSize: 100_000n,
    })
    expect(chain.logRanges).toEqual([
      [0n, 1_000n],
      [0n, 1_000n],
    ])
    expect(approvals.map(({ amount }) => amount)).toEqual(['7'])
  })
})
