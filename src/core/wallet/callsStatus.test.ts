import { describe, expect, it } from 'vitest'
import { type CallsReceipt, callsStatusOf, toCallsReceipt } from './callsStatus.ts'

const receipt = (status: '0x1' | '0x0'): CallsReceipt => ({
  logs: [],
  status,
  blockHash: '0xc0f4906fea23cf6f3cce98cb44e8e1449e455b28d684dfa9ff65426495584de6',
  blockNumber: '0x2',
  gasUsed: '0x5208',
  transactionHash: '0x7ac623a34e0a0cddac30890270797bb0cb2d685dadae73c06cefc17ea061c746',
})
const hashes = ['0x01', '0x02', '0x03']

describe('callsStatusOf', () => {
  it('is 200 when every call was sent and mined without revert', () => {
    expect(
      callsStatusOf(
        { hashes, callCount: 3 },
        hashes.map(() => receipt('0x1')),
      ),
    ).toBe(200)
  })

  it('is 100 while a sent transaction is not mined', () => {
    expect(callsStatusOf({ hashes, callCount: 3 }, [receipt('0x1'), null, null])).toBe(100)
  })

  it('is 100 while the wallet is still sending', () => {
    expect(callsStatusOf({ hashes: hashes.slice(0, 1), callCount: 3 }, [receipt('0x1')])).toBe(100)
  })

  it('is 400 when the node refused the first transaction', () => {
    const sendError = { code: -32000, message: 'insufficient funds' }
    expect(callsStatusOf({ hashes: [], callCount: 3, sendError }, [])).toBe(400)
  })

  it('is 500 when every mined call reverted', () => {
    expect(callsStatusOf({ hashes: ['0x01'], callCount: 1 }, [receipt('0x0')])).toBe(500)
  })

  it('is 600 when some went through and some reverted', () => {
    expect(
      callsStatusOf({ hashes, callCount: 3 }, [receipt('0x1'), receipt('0x0'), receipt('0x1')]),
    ).toBe(600)
  })

  it('is 600 when the wallet stopped sending after some went through', () => {
    const sendError = { code: -32000, message: 'nonce too low' }
    expect(callsStatusOf({ hashes: ['0x01'], callCount: 3, sendError }, [receipt('0x1')])).toBe(600)
  })
})

describe('toCallsReceipt', () => {
  it("keeps EIP-5792's receipt fields of a node receipt", () => {
    const node = {
      ...receipt('0x1'),
      logs: [
        {
          address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
          data: '0x',
          topics: ['0xdd'],
          logIndex: '0x0',
        },
      ],
      cumulativeGasUsed: '0x5208',
      from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    }
    expect(toCallsReceipt(node)).toEqual({
      ...receipt('0x1'),
      logs: [
        { address: '0x5fbdb2315678afecb367f032d93f642f64180aa3', data: '0x', topics: ['0xdd'] },
      ],
    })
  })

  it('is null for a transaction not mined yet', () => {
    expect(toCallsReceipt(null)).toBeNull()
  })
})
