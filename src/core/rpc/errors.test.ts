import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  boundErrorObject,
  echo,
  internalError,
  invalidFields,
  invalidParams,
  invalidSessionProperties,
  maxErrorBytes,
  maxProblems,
  methodNotFound,
  notYourNetwork,
  RpcError,
  requestAlreadyPending,
  tooManyPendingApprovals,
  toRpcError,
  unauthorized,
  unsupportedChains,
  unsupportedMethods,
  unsupportedNotifications,
  userRejected,
  WalletError,
  walletLocked,
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

  it('refuses an approval beyond the cap with -32002 naming wallet_createSession and the cap, not confirmations', () => {
    expect(tooManyPendingApprovals(10).toJSON()).toEqual({
      code: -32002,
      message:
        'Too many requests of type wallet_createSession pending: at most 10 across origins. Please wait.',
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

  describe('bounded whatever the input (issue 11)', () => {
    const wireBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value))

    it('echoes a long method name as a prefix with its length', () => {
      const method = `eth_${'x'.repeat(1_000_000)}`
      const error = methodNotFound(method).toJSON()
      const echoed = `eth_${'x'.repeat(96)}… (1000004 characters)`
      expect(error).toEqual({
        code: -32601,
        message: `The method "${echoed}" does not exist / is not available.`,
        data: { method: echoed },
      })
      expect(echo('eth_chainId')).toBe('eth_chainId')
    })

    it('lists at most 50 problems, counts the rest, spells out ten in the message', () => {
      const problems = Array.from({ length: 120 }, (_, index) => ({
        path: `params[0].address[${index}]`,
        message: 'must be a 20-byte hex address',
      }))
      const error = invalidParams(problems).toJSON()
      const data = error.data as { problems: unknown[]; count: number }
      expect(data.problems).toEqual(problems.slice(0, maxProblems))
      expect(data.count).toBe(120)
      expect(error.message).toBe(
        `Invalid params: ${problems
          .slice(0, 10)
          .map((p) => `${p.path}: ${p.message}`)
          .join('; ')} (and 110 more)`,
      )
    })

    it('cuts long paths and stays under 16 KB even when every character must be escaped', () => {
      const problems = Array.from({ length: 60 }, (_, index) => ({
        path: `requiredScopes["${'\u0001'.repeat(50_000)}${index}"]`,
        message: 'is not a CAIP-2 chain id',
      }))
      const error = invalidParams(problems).toJSON()
      expect(wireBytes(error)).toBeLessThanOrEqual(maxErrorBytes)
      expect((error.data as { count: number }).count).toBe(60)
      expect(invalidParams('x'.repeat(100_000)).message).toHaveLength(
        1000 + ' (100000 characters)'.length + 1,
      )
    })

    it('cuts a relayed error object over 16 KB and leaves a small one as it is', () => {
      const small = { code: -32000, message: 'execution reverted', data: '0x08c379a0' }
      expect(boundErrorObject(small)).toBe(small)
      const huge = { code: -32000, message: 'm'.repeat(50_000), data: 'd'.repeat(50_000) }
      const bounded = boundErrorObject(huge)
      expect(bounded).toEqual({
        code: -32000,
        message: `${'m'.repeat(1000)}… (50000 characters)`,
        data: { truncated: true, bytes: wireBytes(huge) },
      })
    })
  })

  it('keeps any -32602 under 16 KB and at most 50 problems, whatever the problems say', () => {
    const text = fc.string({ unit: 'binary', maxLength: 3000 })
    fc.assert(
      fc.property(
        fc.array(fc.record({ path: text, message: text }), { maxLength: 300 }),
        (problems) => {
          const error = invalidParams(problems).toJSON()
          expect(error.code).toBe(-32602)
          expect(Buffer.byteLength(JSON.stringify(error))).toBeLessThanOrEqual(maxErrorBytes)
          const data = error.data as { problems: unknown[]; count?: number }
          expect(data.problems.length).toBeLessThanOrEqual(maxProblems)
          expect(data.count ?? data.problems.length).toBe(problems.length)
        },
      ),
      { numRuns: 200 },
    )
  })

  it("answers the popup a wallet refusal as its message, its stable code and a form's fields", () => {
    expect(walletLocked().toJSON()).toEqual({
      message: 'Unlock the wallet first',
      code: 'wallet_locked',
    })
    expect(notYourNetwork('eip155:8888').toJSON()).toEqual({
      message: 'eip155:8888 is not one of your networks',
      code: 'unknown_network',
    })
    const refused = invalidFields({
      chainId: 'eip155:1 is a built-in network.',
      rpcUrl: 'Enter an http:// or https:// URL.',
    })
    expect(refused).toBeInstanceOf(WalletError)
    expect(refused.toJSON()).toEqual({
      message: 'eip155:1 is a built-in network. Enter an http:// or https:// URL.',
      code: 'invalid_fields',
      fields: {
        chainId: 'eip155:1 is a built-in network.',
        rpcUrl: 'Enter an http:// or https:// URL.',
      },
    })
  })
})
