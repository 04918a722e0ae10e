import { type Address, encodeAbiParameters } from 'viem'
import { describe, expect, it } from 'vitest'
import type { NodeCall } from '../eth/nodeCall.ts'
import { requestIdentityOf } from '../protocol/requestIdentity.ts'
import type { Json } from '../rpc/types.ts'
import type { ConfirmationRecord } from './createConfirmations.ts'
import { createTokenWatcher, type WatchedToken } from './createTokenWatcher.ts'

const token: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const symbolSelector = '0x95d89b41'
const decimalsSelector = '0x313ce567'

/** A node whose `token` answers `symbol()` and `decimals()` as an ERC-20 does (or nothing). */
const tokenNode =
  (erc20: boolean): NodeCall =>
  async (_method, params) => {
    const data = (params[0] as { data: string }).data
    if (!erc20) return { result: '0x' }
    if (data === symbolSelector)
      return { result: encodeAbiParameters([{ type: 'string' }], ['TST']) }
    if (data === decimalsSelector) return { result: encodeAbiParameters([{ type: 'uint8' }], [18]) }
    return { error: { code: -32000, message: 'execution reverted' } }
  }

function setUp(options: { erc20?: boolean; approved?: boolean } = {}) {
  let saved: WatchedToken[] = []
  const asked: Array<{ kind: string; view: Json }> = []
  /** The answered records by request key, as the queue keeps them until released. */
  const records = new Map<string, ConfirmationRecord>()
  const watcher = createTokenWatcher({
    confirmations: {
      ask: async (input) => {
        const kept = records.get(input.requestKey)
        if (kept) return kept
        asked.push({ kind: input.kind, view: input.view })
        const record = {
          id: 'c1',
          ...input,
          createdAt: 0,
          result: { approved: options.approved ?? true },
        }
        records.set(input.requestKey, record)
        return record
      },
    },
    node: () => tokenNode(options.erc20 ?? true),
    tokens: async () => saved,
    saveTokens: async (tokens) => {
      saved = tokens
    },
  })
  let id = 0
  const watch = (claims: { symbol?: string; decimals?: number } = {}, address = token) => {
    id += 1
    return watchAgain(id, claims, address)
  }
  /** Page request `requestId` (a re-send when it was sent before) watching `address`. */
  const watchAgain = (
    requestId: number,
    claims: { symbol?: string; decimals?: number } = {},
    address: Address = token,
  ) =>
    watcher.watchAsset({
      origin: 'https://app.example',
      ...requestIdentityOf('tab-1#eip1193', requestId, 'wallet_watchAsset', { address }),
      chainId: 'eip155:31337',
      token: { address, ...claims },
    })
  return { watch, watchAgain, asked, saved: () => saved }
}

describe('createTokenWatcher', () => {
  it('shows the token as it reports itself, and keeps it once when approved', async () => {
    const { watch, asked, saved } = setUp()
    expect(await watch({ symbol: 'FAKE' })).toBe(true)
    expect(await watch()).toBe(true)
    expect(asked[0]).toEqual({
      kind: 'watch_asset',
      view: { chainId: 'eip155:31337', address: token, symbol: 'TST', decimals: 18 },
    })
    expect(saved()).toEqual([
      { chainId: 'eip155:31337', address: token, symbol: 'TST', decimals: 18 },
    ])
  })

  it('keeps the token the window showed, never the one a re-sent copy names', async () => {
    const { watch, watchAgain, saved } = setUp()
    expect(await watch()).toBe(true)
    expect(await watchAgain(1, {}, '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512')).toBe(true)
    expect(saved()).toEqual([
      { chainId: 'eip155:31337', address: token, symbol: 'TST', decimals: 18 },
    ])
  })

  it('answers 4001 when rejected, keeping nothing', async () => {
    const { watch, saved } = setUp({ approved: false })
    await expect(watch()).rejects.toMatchObject({ code: 4001 })
    expect(saved()).toEqual([])
  })

  it('answers -32602 for decimals other than the token has, or a contract that is no ERC-20 when the dapp gave no claims', async () => {
    await expect(setUp().watch({ decimals: 6 })).rejects.toMatchObject({ code: -32602 })
    await expect(setUp({ erc20: false }).watch()).rejects.toMatchObject({ code: -32602 })
    expect(await setUp({ erc20: false }).watch({ symbol: 'TST', decimals: 18 })).toBe(true)
  })
})
