import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonObjectMembers } from './jsonObjectMembers.ts'

const log = {
  address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  topics: ['0x1a2a2f5e4f1a4c0b28ab8ed5c3bbff8f4cdf1a0d6c2b8d0a7e0b8a3f7f6e5d4c'],
  data: '0x0000000000000000000000000000000000000000000000000000000000000000',
  blockNumber: '0x2',
  logIndex: '0x0',
  removed: false,
}

describe('jsonObjectMembers', () => {
  it('splits a JSON-RPC answer into its members, each value as its own text', () => {
    const members = jsonObjectMembers(`{"jsonrpc":"2.0","id":7,"result":[${JSON.stringify(log)}]}`)
    expect(members).toEqual(
      new Map([
        ['jsonrpc', '"2.0"'],
        ['id', '7'],
        ['result', `[${JSON.stringify(log)}]`],
      ]),
    )
  })

  it('keeps a value exactly as written, whitespace inside it included', () => {
    const members = jsonObjectMembers('{ "result" : [ 1 , { "a" : null } ] ,\n "id" : "x" }\n')
    expect(members?.get('result')).toBe('[ 1 , { "a" : null } ]')
    expect(members?.get('id')).toBe('"x"')
  })

  it('is not misled by quotes, backslashes and brackets inside strings', () => {
    const result = ['a "quoted" }]', 'ends in a backslash \\', { '{': '[' }]
    const text = JSON.stringify({ result, id: 1 })
    expect(jsonObjectMembers(text)?.get('result')).toBe(JSON.stringify(result))
  })

  it('reads scalar values: numbers, true, false, null', () => {
    const members = jsonObjectMembers('{"a":-1.5e3,"b":true,"c":false,"d":null}')
    expect([...(members?.values() ?? [])]).toEqual(['-1.5e3', 'true', 'false', 'null'])
  })

  it('keeps the last value of a repeated key, as JSON.parse does', () => {
    expect(jsonObjectMembers('{"result":1,"result":2}')?.get('result')).toBe('2')
  })

  it('gives up on a key written with escapes, so that the caller parses the whole text', () => {
    expect(jsonObjectMembers('{"res\\u0075lt":1}')).toBeUndefined()
  })

  it('reads an empty object', () => {
    expect(jsonObjectMembers(' {} ')).toEqual(new Map())
  })

  it.each([
    ['an HTML error page', '<html><body>502 Bad Gateway</body></html>'],
    ['an array', '[1,2]'],
    ['an empty body', ''],
    ['a truncated string', '{"jsonrpc":"2.0","id":1,"result":["0x1'],
    ['an unclosed array', '{"jsonrpc":"2.0","id":1,"result":["0x1"'],
    ['text after the object', '{"id":1,"result":"0x1"} trailing'],
    ['a missing colon', '{"result" "0x1"}'],
    ['a missing value', '{"result":}'],
    ['a missing comma', '{"id":1 "result":2}'],
    ['a trailing comma', '{"result":1,}'],
    ['an unquoted key', '{result:1}'],
  ])('answers undefined for %s', (_what, text) => {
    expect(jsonObjectMembers(text)).toBeUndefined()
  })

  it('agrees with JSON.parse on any object whose keys need no escapes', () => {
    const plainKey = fc.string().filter((key) => JSON.stringify(key) === `"${key}"`)
    fc.assert(
      fc.property(
        fc.dictionary(plainKey, fc.jsonValue()),
        fc.constantFrom(undefined, 2),
        (object, indent) => {
          const members = jsonObjectMembers(JSON.stringify(object, null, indent))
          expect(members).toBeDefined()
          const parsed = Object.fromEntries(
            [...(members ?? [])].map(([key, value]) => [key, JSON.parse(value)]),
          )
          expect(parsed).toEqual(JSON.parse(JSON.stringify(object)))
        },
      ),
    )
  })

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        jsonObjectMembers(text)
      }),
    )
  })
})
