import { describe, expect, it } from 'vitest'
import { type ActivityEntry, activityEntryOf, appendActivity } from './activity.ts'

const at = Date.UTC(2030, 0, 1)

const invoke = (scope: unknown, method: unknown) => ({
  jsonrpc: '2.0',
  id: 7,
  method: 'wallet_invokeMethod',
  params: { scope, request: { method, params: [] } },
})

describe('activityEntryOf', () => {
  it('records a successful call with its chain and method and no error code', () => {
    const entry = activityEntryOf(
      invoke('eip155:31337', 'eth_blockNumber'),
      { jsonrpc: '2.0', id: 7, result: '0x10' },
      at,
    )
    expect(entry).toEqual({
      at,
      chainId: 'eip155:31337',
      method: 'eth_blockNumber',
      errorCode: null,
    })
  })

  it('records a call answered with the node’s result text as successful', () => {
    const entry = activityEntryOf(
      invoke('eip155:31337', 'eth_getLogs'),
      { jsonrpc: '2.0', id: 7, resultJson: '[]' },
      at,
    )
    expect(entry?.errorCode).toBeNull()
  })

  it('records a refused call with the error code the site received', () => {
    const entry = activityEntryOf(
      invoke('eip155:1', 'eth_call'),
      {
        jsonrpc: '2.0',
        id: 7,
        error: {
          code: 4100,
          message: 'The requested account and/or method has not been authorized by the user.',
        },
      },
      at,
    )
    expect(entry).toEqual({ at, chainId: 'eip155:1', method: 'eth_call', errorCode: 4100 })
  })

  it('keeps a malformed call, naming what it left out as (invalid)', () => {
    const entry = activityEntryOf(
      { jsonrpc: '2.0', id: 8, method: 'wallet_invokeMethod', params: { scope: 42 } },
      { jsonrpc: '2.0', id: 8, error: { code: -32602, message: 'Invalid params' } },
      at,
    )
    expect(entry).toEqual({ at, chainId: '(invalid)', method: '(invalid)', errorCode: -32602 })
  })

  it('shortens overlong strings a page sent', () => {
    const entry = activityEntryOf(
      invoke('eip155:1', `eth_${'x'.repeat(500)}`),
      { jsonrpc: '2.0', id: 7, result: null },
      at,
    )
    expect(entry?.method).toHaveLength(80)
  })

  it('ignores every other method', () => {
    for (const method of ['wallet_getSession', 'wallet_createSession', 'wallet_revokeSession']) {
      expect(
        activityEntryOf(
          { jsonrpc: '2.0', id: 1, method },
          { jsonrpc: '2.0', id: 1, result: {} },
          at,
        ),
      ).toBeUndefined()
    }
  })
})

describe('appendActivity', () => {
  const entry = (index: number): ActivityEntry => ({
    at: at + index,
    chainId: 'eip155:31337',
    method: 'eth_chainId',
    errorCode: null,
  })

  it('appends the newest call last', () => {
    expect(appendActivity([entry(1)], entry(2))).toEqual([entry(1), entry(2)])
  })

  it('keeps only the newest 100 calls', () => {
    let log: ActivityEntry[] = []
    for (let index = 0; index < 150; index++) log = appendActivity(log, entry(index))
    expect(log).toHaveLength(100)
    expect(log[0]).toEqual(entry(50))
    expect(log.at(-1)).toEqual(entry(149))
  })
})
