import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { Hex } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StandingApproval } from '../../core/wallet/approvals/findStandingApprovals.ts'
import type { TokenDelegate } from '../../core/wallet/approvals/findTokenDelegates.ts'
import type { TrackedTransaction, TransactionStatus } from '../../core/wallet/transactionStatus.ts'
import { Refusal, stubBackground } from '../testing/fakeBackground.ts'
import {
  type ApprovalScope,
  maxRevokeRereads,
  revokeRereadMs,
  revokeUnseenError,
  rowKeyOf,
  spenderIdOf,
  useApprovals,
} from './approvals.ts'

const evm: ApprovalScope = {
  chainId: 'eip155:31337',
  owner: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
}
const solana: ApprovalScope = {
  chainId: 'solana:123456789abcdef',
  owner: 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
}
const allowance: StandingApproval = {
  kind: 'erc20',
  contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  spender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  amount: '7',
}
const delegate: TokenDelegate = {
  kind: 'delegate',
  program: TOKEN_PROGRAM_ADDRESS,
  account: 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD',
  mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  spender: 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
  amount: '4500000',
  decimals: 6,
}

const revokeHash: Hex = `0x${'ab'.repeat(32)}`

/** The revoke of `allowance` as the activity list holds it, in `status`. */
const revokeTransaction = (
  status: TransactionStatus,
  more: Partial<TrackedTransaction> = {},
): TrackedTransaction => ({
  hash: revokeHash,
  origin: 'Aperture',
  chainId: evm.chainId,
  from: evm.owner as Hex,
  to: allowance.contract as Hex,
  value: '0x0',
  maxFeeWei: '42000000000000',
  at: 1_700_000_000_000,
  nonce: '0x7',
  status,
  ...more,
})

/** Lists `allowance` for good, the revoke taken by the node; the activity list says `transactions()`. */
function standingAllowance(transactions: () => TrackedTransaction[]) {
  return stubBackground({
    'approvals:list': () => [allowance],
    'approvals:revoke': () => ({ id: revokeHash }),
    'transactions:list': transactions,
  })
}

/** Loads `scope` and presses Revoke on its one row; resolves once the revoke's wait ended. */
async function revokeTheListedRow(scope: ApprovalScope = evm): Promise<void> {
  await useApprovals.getState().load([scope])
  const [row] = useApprovals.getState().rows ?? []
  if (!row) throw new Error('no row listed')
  const revoked = useApprovals.getState().revoke(row)
  await vi.advanceTimersByTimeAsync(maxRevokeRereads * revokeRereadMs)
  await revoked
}

beforeEach(() => useApprovals.setState(useApprovals.getInitialState(), true))
afterEach(() => vi.useRealTimers())

describe('spenderIdOf', () => {
  it('names an EVM spender in lowercase and a Solana delegate in base58 as it is', () => {
    expect(spenderIdOf(allowance)).toBe('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')
    expect(spenderIdOf(delegate)).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')
  })
})

describe('useApprovals', () => {
  it("lists each scope's approvals with the network and address they stand on", async () => {
    stubBackground({
      'approvals:list': ({ chainId }) => (chainId === solana.chainId ? [delegate] : [allowance]),
    })
    await useApprovals.getState().load([evm, solana])
    expect(useApprovals.getState().rows).toEqual([
      { ...evm, approval: allowance },
      { ...solana, approval: delegate },
    ])
  })

  it('revokes a Solana delegate on its own network and address, then reads the rows again', async () => {
    let standing = [delegate]
    const background = stubBackground({
      'approvals:list': ({ chainId }) => (chainId === solana.chainId ? standing : []),
      'approvals:revoke': () => {
        standing = []
        return { id: '5'.repeat(88) }
      },
      'solanaTransactions:list': () => [],
    })
    await useApprovals.getState().load([evm, solana])
    const [row] = useApprovals.getState().rows ?? []
    if (!row) throw new Error('no row listed')
    await useApprovals.getState().revoke(row)
    const revoke = background.requests.find(({ type }) => type === 'approvals:revoke')
    expect(revoke?.params).toMatchObject({
      chainId: solana.chainId,
      owner: solana.owner,
      approval: delegate,
    })
    expect(useApprovals.getState().rows).toEqual([])
    expect(useApprovals.getState().revoking).toBeUndefined()
  })

  it('reads the rows again while a sent revoke is not in a block yet, until its row is gone', async () => {
    vi.useFakeTimers()
    // The node took the revoke but makes its block later: the next two reads still list it.
    let readsUntilMined = 0
    stubBackground({
      'approvals:list': () => {
        if (readsUntilMined === 0) return [allowance]
        readsUntilMined -= 1
        return readsUntilMined === 0 ? [] : [allowance]
      },
      'approvals:revoke': () => {
        readsUntilMined = 3
        return { id: revokeHash }
      },
      'transactions:list': () => [],
    })
    await useApprovals.getState().load([evm])
    const [row] = useApprovals.getState().rows ?? []
    if (!row) throw new Error('no row listed')
    const revoked = useApprovals.getState().revoke(row)
    await vi.advanceTimersByTimeAsync(0)
    expect(useApprovals.getState().rows).toEqual([row])
    expect(useApprovals.getState()).toMatchObject({
      revoking: spenderIdOf(allowance),
      requestId: undefined,
    })
    await vi.advanceTimersByTimeAsync(2 * revokeRereadMs)
    await revoked
    expect(useApprovals.getState().rows).toEqual([])
    expect(useApprovals.getState().revoking).toBeUndefined()
  })

  it(`stops reading again after ${maxRevokeRereads} reads when the revoked row stays though its transaction is confirmed, and frees Revoke`, async () => {
    vi.useFakeTimers()
    const background = standingAllowance(() => [revokeTransaction('confirmed')])
    await revokeTheListedRow()
    const reads = background.requests.filter(({ type }) => type === 'approvals:list')
    // The load, the read right after the send, and the rereads.
    expect(reads).toHaveLength(2 + maxRevokeRereads)
    expect(useApprovals.getState().rows).toHaveLength(1)
    expect(useApprovals.getState()).toMatchObject({ revoking: undefined, revokeFailure: undefined })
  })

  it('stops waiting as soon as the revoke reverted on chain, says so on its row with the reason, and frees Revoke', async () => {
    vi.useFakeTimers()
    // Mined on the second look: the first read after the send finds it pending.
    let looks = 0
    const background = standingAllowance(() => {
      looks += 1
      return looks < 2
        ? [revokeTransaction('pending')]
        : [revokeTransaction('failed', { reason: 'execution reverted' })]
    })
    await revokeTheListedRow()
    const reads = background.requests.filter(({ type }) => type === 'approvals:list')
    expect(reads).toHaveLength(3)
    expect(useApprovals.getState().rows).toHaveLength(1)
    expect(useApprovals.getState()).toMatchObject({
      revoking: undefined,
      revokeFailure: {
        row: rowKeyOf({ ...evm, approval: allowance }),
        message: 'Revoke failed: the transaction reverted on chain (execution reverted).',
      },
    })
  })

  it('follows a sped-up revoke to its replacement, and fails it when the replacement reverted', async () => {
    vi.useFakeTimers()
    const speedUp: Hex = `0x${'cd'.repeat(32)}`
    standingAllowance(() => [
      revokeTransaction('failed', {
        hash: speedUp,
        replaces: { hash: revokeHash, kind: 'speedUp' },
      }),
      revokeTransaction('replaced', { replacedBy: speedUp }),
    ])
    await revokeTheListedRow()
    expect(useApprovals.getState().revokeFailure?.message).toBe(
      'Revoke failed: the transaction reverted on chain.',
    )
  })

  it('says a revoke whose nonce another transaction took will not be mined', async () => {
    vi.useFakeTimers()
    standingAllowance(() => [revokeTransaction('dropped')])
    await revokeTheListedRow()
    expect(useApprovals.getState().revokeFailure?.message).toBe(
      'Revoke failed: another transaction took its nonce, so it will not be mined.',
    )
  })

  it(`says so when the revoke is not seen in a block after ${maxRevokeRereads} reads, rather than freeing Revoke silently`, async () => {
    vi.useFakeTimers()
    const background = standingAllowance(() => [revokeTransaction('pending')])
    await revokeTheListedRow()
    const reads = background.requests.filter(({ type }) => type === 'approvals:list')
    expect(reads).toHaveLength(2 + maxRevokeRereads)
    expect(useApprovals.getState()).toMatchObject({
      revoking: undefined,
      revokeFailure: { row: rowKeyOf({ ...evm, approval: allowance }), message: revokeUnseenError },
    })
  })

  it('says a Solana revoke failed once its signature failed on chain', async () => {
    vi.useFakeTimers()
    const signature = '5'.repeat(88)
    stubBackground({
      'approvals:list': ({ chainId }) => (chainId === solana.chainId ? [delegate] : []),
      'approvals:revoke': () => ({ id: signature }),
      'solanaTransactions:list': () => [
        {
          signature,
          origin: 'Aperture',
          chainId: solana.chainId,
          from: solana.owner,
          at: 1_700_000_000_000,
          status: 'failed',
        },
      ],
    })
    await revokeTheListedRow(solana)
    expect(useApprovals.getState().revokeFailure?.message).toBe(
      'Revoke failed: the transaction reverted on chain.',
    )
    expect(useApprovals.getState().revoking).toBeUndefined()
  })

  it("clears a row's revoke failure when Revoke is pressed again", async () => {
    vi.useFakeTimers()
    let status: TransactionStatus = 'failed'
    standingAllowance(() => [revokeTransaction(status)])
    await revokeTheListedRow()
    expect(useApprovals.getState().revokeFailure).toBeDefined()
    status = 'pending'
    const [row] = useApprovals.getState().rows ?? []
    if (!row) throw new Error('no row listed')
    void useApprovals.getState().revoke(row)
    expect(useApprovals.getState().revokeFailure).toBeUndefined()
    await vi.advanceTimersByTimeAsync(maxRevokeRereads * revokeRereadMs)
  })

  it("shows a scope's error beside the other scope's rows", async () => {
    stubBackground({
      'approvals:list': ({ chainId }) => {
        if (chainId === solana.chainId) {
          throw new Refusal({ message: 'The node could not be reached.' })
        }
        return [allowance]
      },
    })
    await useApprovals.getState().load([evm, solana])
    expect(useApprovals.getState().rows).toEqual([{ ...evm, approval: allowance }])
    expect(useApprovals.getState().error).toBe('The node could not be reached.')
  })
})
