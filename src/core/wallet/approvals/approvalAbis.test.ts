import { getAddress, toEventSelector } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  approvalEventTopics,
  erc20Approval,
  operatorApproval,
  permit2Address,
  permit2Approval,
  permit2Permit,
} from './approvalAbis.ts'

describe('approvalAbis', () => {
  it("writes out each approval event's selector", () => {
    expect(approvalEventTopics).toEqual({
      erc20: toEventSelector(erc20Approval),
      operator: toEventSelector(operatorApproval),
      permit2Approval: toEventSelector(permit2Approval),
      permit2Permit: toEventSelector(permit2Permit),
    })
  })

  it("writes Permit2's address checksummed", () => {
    expect(getAddress(permit2Address)).toBe(permit2Address)
  })
})
