import { describe, expect, it } from 'vitest'
import {
  internalError,
  invalidParams,
  invalidSessionProperties,
  methodNotFound,
  RpcError,
  requestAlreadyPending,
  toRpcError,
  unauthorized,
  unsupportedChains,
  unsupportedMethods,
  unsupportedNotifications,
  userRejected,
} from './errors.ts'
import { failure, success } from './response.ts'

describe('rpc errors', () => {
  it('carries the exact codes and messages of DESIGN §4', () => {
    expect(methodNotFound('eth_sign').toJSON()).toEqual({
      code: -32601,
      message: 'The method "eth_sign" does not exist / is not available.',
      data: { method: 'eth_sign' },
    })
    expect(requestAlreadyPending('https://app.example').toJSON()).toEqual({
      code: -32002,
      message:
        'Request of type wallet_createSession already pending for origin https://app.example. Please wait.',
    })
    expect(userRejected().toJSON()).toEqual({ code: 4001, message: 'User rejected the request.' })
    expect(unauthorized().toJSON()).toEqual({
      code: 4100,
      message: 'The requested account and/or method has not been authorized by the user.',
    })
    expect(unsupportedChains().toJSON()).toEqual({
      code: 5100,
      message: 'Requested networks are not supported',
    })
    expect(unsupportedMethods().toJSON()).toEqual({
      code: 5101,
      message: 'Requested methods are not supported',
    })
    expect(unsupportedNotifications().toJSON()).toEqual({
      code: 5102,
      message: 'Requested notifications are not supported',
    })
    expect(invalidSessionProperties().toJSON()).toEqual({
      code: 5302,
      message: 'Invalid sessionProperties requested',
    })
  })

  it('lists each invalid-params problem in data', () => {
    const problems = [
      { path: 'requiredScopes["eip155:1"].methods', message: 'must be an array of strings' },
      { path: 'scope', message: 'must be a CAIP-2 chain id' },
    ]
    expect(invalidParams(problems).toJSON()).toEqual({
      code: -32602,
      message:
        'Invalid params: requiredScopes["eip155:1"].methods: must be an array of strings; scope: must be a CAIP-2 chain id',
      data: { problems },
    })
    expect(invalidParams('index must be hex').toJSON()).toEqual({
      code: -32602,
      message: 'index must be hex',
    })
  })

  it('turns anything thrown into an RpcError, passing RpcErrors through', () => {
    const rejected = userRejected()
    expect(toRpcError(rejected)).toBe(rejected)
    expect(toRpcError(new Error('socket hang up')).toJSON()).toEqual({
      code: -32603,
      message: 'Internal error',
      data: { cause: 'socket hang up' },
    })
    expect(toRpcError('boom').toJSON()).toEqual(internalError('boom').toJSON())
    expect(toRpcError(new Error('x'))).toBeInstanceOf(RpcError)
  })

  it('builds success and failure envelopes', () => {
    expect(success(1, '0x1')).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1' })
    expect(failure('a', userRejected())).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      error: { code: 4001, message: 'User rejected the request.' },
    })
  })
})
