import config from 'eth-phishing-detect/src/config.json'
import { describe, expect, it } from 'vitest'
import type { ApprovalResult } from '../../../core/multichain/ports.ts'
import type { ApprovalRecord } from '../../../core/wallet/createApprovals.ts'
import { createSiteReputation } from '../../../core/wallet/siteReputation.ts'
import { createPhishingContinued } from '../../phishingContinued.ts'
import { createMemoryStorage } from '../../testing/memoryStorage.ts'
import type { PopupPorts } from '../ports.ts'
import { approvalContinueToSite } from './continueToSite.ts'
import { approvalResolve } from './resolve.ts'

const approved: ApprovalResult = {
  approved: true,
  chains: ['eip155:31337'],
  accounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
}

/** `approval:resolve` and `approval:continueToSite` over one pending approval from `origin`. */
function handlersFor(origin: string) {
  const record: ApprovalRecord = {
    id: 'approval-1',
    request: { origin, chains: [], preselectedAccounts: [], sessionProperties: {} },
    requestKey: 'connection/1',
    requestDigest: 'digest',
  }
  const answers: ApprovalResult[] = []
  const ports = {
    wallet: { isUnlocked: async () => true },
    approvals: {
      get: async (id: string) => (id === record.id ? record : undefined),
      resolve: async (_id: string, result: ApprovalResult) => {
        answers.push(result)
      },
    },
    siteReputation: createSiteReputation(config),
    phishingContinued: createPhishingContinued(createMemoryStorage()),
  } as unknown as PopupPorts
  return {
    resolve: approvalResolve(ports),
    continueToSite: approvalContinueToSite(ports),
    answers,
  }
}

describe('approval:resolve on a phishing-listed host', () => {
  it('refuses to approve before the user continued to the host, and lets the user reject', async () => {
    const { resolve, answers } = handlersFor('https://azukishop.live')
    await expect(resolve({ id: 'approval-1', result: approved })).rejects.toMatchObject({
      code: 'phishing_site',
    })
    expect(answers).toEqual([])
    await resolve({ id: 'approval-1', result: { approved: false } })
    expect(answers).toEqual([{ approved: false }])
  })

  it('approves once the user continued to the host on purpose', async () => {
    const { resolve, continueToSite, answers } = handlersFor('https://0pensea.io')
    await continueToSite({ id: 'approval-1' })
    await resolve({ id: 'approval-1', result: approved })
    expect(answers).toEqual([approved])
  })

  it('approves a host that is not listed without any step', async () => {
    const { resolve, answers } = handlersFor('https://opensea.io')
    await resolve({ id: 'approval-1', result: approved })
    expect(answers).toEqual([approved])
  })
})
