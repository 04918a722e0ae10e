import { describe, expect, it } from 'vitest'
import { ApprovalScanLimitError, scanApprovalLogs } from './scanApprovalLogs.ts'
import { approvalsChain, erc20ApprovalLog } from './testing/approvalsChain.ts'

const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const spender = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

describe('scanApprovalLogs', () => {
  it('reads the chain in ranges of at most rangeSize blocks, oldest first, up to the head', async () => {
    const chain = approvalsChain(250n)
    await scanApprovalLogs({ call: chain.call, owner, toBlock: 250n, rangeSize: 100n })
    expect(chain.logRanges).toEqual([
      [0n, 50n],
      [51n, 150n],
      [151n, 250n],
    ])
  })

  it("finds only the owner's approval logs", async () => {
    const chain = approvalsChain(100n)
    chain.logs.push(
      erc20ApprovalLog(token, owner, spender, 5n, 10n),
      erc20ApprovalLog(token, other, spender, 5n, 11n),
    )
    const logs = await scanApprovalLogs({ call: chain.call, owner, toBlock: 100n })
    expect(logs).toEqual([chain.logs[0]])
  })

  it('halves a range the node refuses for its result cap (-32005) until every log is read', async () => {
    const chain = approvalsChain(1_000n, 3)
    for (let block = 1n; block <= 10n; block++) {
      chain.logs.push(erc20ApprovalLog(token, owner, spender, block, block * 90n))
    }
    const logs = await scanApprovalLogs({ call: chain.call, owner, toBlock: 1_000n })
    expect(logs.map((log) => BigInt(log.blockNumber ?? 0))).toEqual(
      chain.logs.map((log) => BigInt(log.blockNumber ?? 0)),
    )
    expect(chain.logRanges[0]).toEqual([0n, 1_000n])
    expect(chain.logRanges.length).toBeGreaterThan(3)
  })

  it("throws the node's other errors, and a one-block range it still refuses", async () => {
    const chain = approvalsChain(10n, 0)
    chain.logs.push(erc20ApprovalLog(token, owner, spender, 1n, 5n))
    await expect(scanApprovalLogs({ call: chain.call, owner, toBlock: 10n })).rejects.toThrow(
      'more than 0 results',
    )
    const rateLimited = { code: -32005, message: 'project ID request rate exceeded' }
    await expect(
      scanApprovalLogs({ call: async () => ({ error: rateLimited }), owner, toBlock: 10n }),
    ).rejects.toThrow('rate exceeded')
  })

  it('stops past maxCalls', async () => {
    const chain = approvalsChain(1_000n, 0)
    chain.logs.push(erc20ApprovalLog(token, owner, spender, 1n, 500n))
    await expect(
      scanApprovalLogs({ call: chain.call, owner, toBlock: 1_000n, maxCalls: 5 }),
    ).rejects.toThrow('more than 5 calls')
    expect(chain.logRanges).toHaveLength(5)
  })

  it('stopped past maxCalls, tells the logs it read and the last block of the ranges read in full', async () => {
    const chain = approvalsChain(1_000n, 1)
    for (const block of [100n, 200n, 700n, 800n]) {
      chain.logs.push(erc20ApprovalLog(token, owner, spender, block, block))
    }
    const stopped = await scanApprovalLogs({
      call: chain.call,
      owner,
      toBlock: 1_000n,
      maxCalls: 6,
    }).catch((error: unknown) => error)
    // 0–1,000, 0–500 and 0–250 refused for the cap; 0–125, 126–250 and 251–500 read.
    expect(stopped).toBeInstanceOf(ApprovalScanLimitError)
    expect((stopped as ApprovalScanLimitError).readTo).toBe(500n)
    expect((stopped as ApprovalScanLimitError).logs).toEqual(chain.logs.slice(0, 2))
  })
})
