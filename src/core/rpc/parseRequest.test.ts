import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseRequest } from './parseRequest.ts'

const errorOf = (value: unknown) => {
  const result = parseRequest(value)
  return 'error' in result ? { id: result.id, error: result.error.toJSON() } : undefined
}

describe('parseRequest', () => {
  it('accepts a JSON-RPC 2.0 request with array, object or no params', () => {
    for (const request of [
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 'x', method: 'wallet_getSession', params: {} },
      { jsonrpc: '2.0', id: null, method: 'wallet_revokeSession' },
      { jsonrpc: '2.0', method: 'wallet_getSession' },
    ]) {
      expect(parseRequest(request)).toEqual({ request })
    }
  })

  it('answers -32600 with id null to what is not an object', () => {
    for (const value of [null, 1, 'request', [], [{ jsonrpc: '2.0', id: 1, method: 'x' }]]) {
      expect(errorOf(value)).toEqual({
        id: null,
        error: { code: -32600, message: 'Invalid Request: not an object' },
      })
    }
  })

  it('answers -32600 with the request’s id when jsonrpc, method or params are wrong', () => {
    expect(errorOf({ jsonrpc: '1.0', id: 7, method: 'x' })).toEqual({
      id: 7,
      error: { code: -32600, message: 'Invalid Request: jsonrpc must be "2.0"' },
    })
    expect(errorOf({ jsonrpc: '2.0', id: 7, method: '' })?.error.message).toBe(
      'Invalid Request: method must be a non-empty string',
    )
    expect(errorOf({ jsonrpc: '2.0', id: 7, method: 'x', params: 'a' })?.error.message).toBe(
      'Invalid Request: params must be an array or an object',
    )
  })

  it('answers -32600 with id null to an id that is not a string, number or null', () => {
    expect(errorOf({ jsonrpc: '2.0', id: { n: 1 }, method: 'x' })).toEqual({
      id: null,
      error: { code: -32600, message: 'Invalid Request: bad id' },
    })
  })

  it('never throws on arbitrary JSON and answers either a request or a -32600', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = parseRequest(value)
        if ('error' in result) expect(result.error.code).toBe(-32600)
        else expect(result.request.jsonrpc).toBe('2.0')
      }),
      { numRuns: 1000 },
    )
  })
})
