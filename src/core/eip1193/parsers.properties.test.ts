import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseEcRecoverParams } from './parseEcRecoverParams.ts'
import { parsePermissionsParams } from './parsePermissionsParams.ts'
import { parseSwitchChainParams } from './parseSwitchChainParams.ts'
import { parseWatchAssetParams } from './parseWatchAssetParams.ts'

/** Anything a page can send as params, and near misses of the real shapes. */
const anyParams = fc.oneof(
  fc.jsonValue(),
  fc.anything(),
  fc.array(fc.record({ chainId: fc.oneof(fc.string(), fc.integer(), fc.constant('0x1')) })),
  fc.tuple(fc.dictionary(fc.string(), fc.jsonValue())),
  fc.tuple(
    fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...'0123456789abcdefx') })),
    fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...'0123456789abcdefx') })),
  ),
)

const isProblems = (value: object): boolean =>
  'problems' in value &&
  Array.isArray(value.problems) &&
  value.problems.length > 0 &&
  value.problems.every(
    (problem: unknown) =>
      typeof problem === 'object' &&
      problem !== null &&
      typeof (problem as { path: unknown }).path === 'string' &&
      typeof (problem as { message: unknown }).message === 'string',
  )

describe('the EIP-1193 param parsers', () => {
  it('parseSwitchChainParams never throws: an eip155 chain it can print back, or problems', () => {
    fc.assert(
      fc.property(anyParams, (params) => {
        const parsed = parseSwitchChainParams(params)
        if ('problems' in parsed) return isProblems(parsed)
        return (
          /^eip155:[1-9][0-9]*$/.test(parsed.chainId) &&
          BigInt(parsed.hex) === BigInt(parsed.chainId.slice('eip155:'.length))
        )
      }),
    )
  })

  it('parseSwitchChainParams reads every hex chain id without leading zeros', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }), (id) => {
        const parsed = parseSwitchChainParams([{ chainId: `0x${id.toString(16)}` }])
        expect(parsed).toEqual({ chainId: `eip155:${id}`, hex: `0x${id.toString(16)}` })
      }),
    )
  })

  it('parsePermissionsParams never throws: known permission names, or problems', () => {
    fc.assert(
      fc.property(anyParams, (params) => {
        const parsed = parsePermissionsParams(params)
        if ('problems' in parsed) return isProblems(parsed)
        return (
          parsed.permissions.length > 0 &&
          parsed.permissions.every((name) =>
            ['eth_accounts', 'endowment:permitted-chains'].includes(name),
          )
        )
      }),
    )
  })

  it('parseEcRecoverParams never throws: hex bytes and a 65-byte signature, or problems', () => {
    fc.assert(
      fc.property(anyParams, (params) => {
        const parsed = parseEcRecoverParams(params)
        if ('problems' in parsed) return isProblems(parsed)
        return /^0x([0-9a-fA-F]{2})*$/.test(parsed.message) && parsed.signature.length === 132
      }),
    )
  })

  it('parseWatchAssetParams never throws: an EIP-55 token address with checked claims, or problems', () => {
    const watchLike = fc.record({
      type: fc.oneof(fc.constant('ERC20'), fc.string()),
      options: fc.record(
        {
          address: fc.oneof(fc.constant('0x5fbdb2315678afecb367f032d93f642f64180aa3'), fc.string()),
          symbol: fc.oneof(fc.string(), fc.integer()),
          decimals: fc.oneof(fc.integer({ min: -5, max: 50 }), fc.double(), fc.string()),
          image: fc.oneof(fc.webUrl(), fc.string()),
        },
        { requiredKeys: [] },
      ),
    })
    fc.assert(
      fc.property(fc.oneof(anyParams, watchLike, fc.tuple(watchLike)), (params) => {
        const parsed = parseWatchAssetParams(params)
        if ('problems' in parsed) return isProblems(parsed)
        const { address, symbol, decimals } = parsed.token
        return (
          /^0x[0-9a-fA-F]{40}$/.test(address) &&
          (symbol === undefined || (symbol.length >= 1 && symbol.length <= 11)) &&
          (decimals === undefined ||
            (Number.isInteger(decimals) && decimals >= 0 && decimals <= 36))
        )
      }),
    )
  })
})
