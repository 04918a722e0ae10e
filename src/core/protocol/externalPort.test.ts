import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  externalConnectionId,
  externalPortMessage,
  externalResponse,
  lastingPortNamePrefix,
  parseExternalPortMessage,
  standardExternalMessage,
} from './externalPort.ts'

const getSession = { jsonrpc: '2.0', id: 3141592653, method: 'wallet_getSession' }

describe('parseExternalPortMessage', () => {
  it('returns the request of a caip-348 message', () => {
    expect(parseExternalPortMessage({ type: 'caip-348', data: getSession })).toEqual(getSession)
  })

  it("ignores the client's initial 'ping' and messages of other types", () => {
    expect(parseExternalPortMessage('ping')).toBeUndefined()
    expect(parseExternalPortMessage({ type: 'caip-27', data: getSession })).toBeUndefined()
    expect(parseExternalPortMessage(getSession)).toBeUndefined()
    expect(parseExternalPortMessage(null)).toBeUndefined()
  })

  it('ignores notifications and ids that cannot be answered', () => {
    const { id: _, ...notification } = getSession
    expect(parseExternalPortMessage({ type: 'caip-348', data: notification })).toBeUndefined()
    for (const id of [null, {}, [1], Number.NaN, Number.POSITIVE_INFINITY, true]) {
      expect(
        parseExternalPortMessage({ type: 'caip-348', data: { ...getSession, id } }),
      ).toBeUndefined()
    }
  })

  it('passes a malformed request with an id on, for the engine to answer -32600', () => {
    const malformed = { id: 'a', method: 42 }
    expect(parseExternalPortMessage({ type: 'caip-348', data: malformed })).toEqual(malformed)
  })

  it('ignores a structured-cloned value that JSON cannot carry: a cycle, a BigInt', () => {
    const cyclic: Record<string, unknown> = { ...getSession }
    cyclic.params = { self: cyclic }
    expect(parseExternalPortMessage({ type: 'caip-348', data: cyclic })).toBeUndefined()
    const big = { ...getSession, params: { value: 10n } }
    expect(parseExternalPortMessage({ type: 'caip-348', data: big })).toBeUndefined()
  })

  it('reduces what JSON reduces: a Date to its text, undefined members away', () => {
    const at = new Date('2026-11-23T04:00:00.000Z')
    const data = { ...getSession, params: { at, gone: undefined } }
    expect(parseExternalPortMessage({ type: 'caip-348', data })).toEqual({
      ...getSession,
      params: { at: '2026-11-23T04:00:00.000Z' },
    })
  })

  it('ignores a message nested deeper than JSON.stringify can go', () => {
    let deep: unknown = []
    for (let depth = 0; depth < 200_000; depth += 1) deep = [deep]
    const data = { ...getSession, params: deep }
    expect(parseExternalPortMessage({ type: 'caip-348', data })).toBeUndefined()
  })

  it('never throws, and returns only JSON objects with an answerable id', () => {
    const caip348 = fc.record({ type: fc.constant('caip-348'), data: fc.anything() })
    fc.assert(
      fc.property(fc.oneof(fc.anything(), caip348), (message) => {
        const request = parseExternalPortMessage(message)
        if (request === undefined) return
        expect(JSON.parse(JSON.stringify(request))).toEqual(request)
        expect(['string', 'number']).toContain(typeof request.id)
      }),
      { numRuns: 2000 },
    )
  })

  it('returns every JSON request with an id unchanged', () => {
    const request = fc.record({
      jsonrpc: fc.constant('2.0'),
      id: fc.oneof(fc.string(), fc.integer()),
      method: fc.string(),
      params: fc.jsonValue(),
    })
    fc.assert(
      fc.property(request, (data) => {
        const parsed = parseExternalPortMessage({ type: 'caip-348', data })
        expect(parsed).toEqual(JSON.parse(JSON.stringify(data)))
      }),
      { numRuns: 1000 },
    )
  })
})

describe('externalPortMessage', () => {
  it('wraps a response as the client expects it', () => {
    const response = { jsonrpc: '2.0', id: 1, result: '0x10' }
    expect(externalPortMessage(response)).toEqual({ type: 'caip-348', data: response })
  })
})

describe('externalConnectionId', () => {
  const uuid = '6f1c2a9e-4b7d-4e21-9c3a-2d5e8f0a1b3c'
  const documentId = '6B2A1C0F3E9D8B7A6C5D4E3F2A1B0C9D'
  const lasting = `${lastingPortNamePrefix}${uuid}`
  const page = { origin: 'https://app.example', documentId, portName: lasting }
  const fresh = () => 'fresh-id'

  it("keeps the lasting id of a port opened by Aperture's MAIN-world script, within its document", () => {
    expect(externalConnectionId(page, fresh)).toBe(
      `external:https://app.example#${documentId}#${uuid}`,
    )
  })

  it('gives a port with any other name an id of its own', () => {
    for (const portName of ['', 'aperture-multichain', `${lastingPortNamePrefix}not-a-uuid`]) {
      expect(externalConnectionId({ ...page, portName }, fresh)).toBe(
        'external:https://app.example#fresh-id',
      )
    }
  })

  it('gives a port whose document the browser does not name an id of its own', () => {
    expect(externalConnectionId({ ...page, documentId: undefined }, fresh)).toBe(
      'external:https://app.example#fresh-id',
    )
  })

  it('never gives two documents the same connection, even for the same name', () => {
    expect(externalConnectionId(page, fresh)).not.toBe(
      externalConnectionId({ ...page, documentId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90' }, fresh),
    )
  })

  it('never gives two origins the same connection, even for the same name', () => {
    expect(externalConnectionId({ ...page, origin: 'https://a.example' }, fresh)).not.toBe(
      externalConnectionId({ ...page, origin: 'https://b.example' }, fresh),
    )
  })
})

describe('externalResponse', () => {
  it("parses a node's result text into result", () => {
    expect(externalResponse({ jsonrpc: '2.0', id: 4, resultJson: '[{"logIndex":"0x0"}]' })).toEqual(
      { jsonrpc: '2.0', id: 4, result: [{ logIndex: '0x0' }] },
    )
  })

  it('answers a result text that is not JSON with -32603 and the cause', () => {
    const answer = externalResponse({ jsonrpc: '2.0', id: 4, resultJson: '[1,' })
    expect(answer).toMatchObject({
      id: 4,
      error: { code: -32603, data: { cause: expect.any(String) } },
    })
  })

  it("passes the wallet's own answers and errors unchanged", () => {
    const failed = { jsonrpc: '2.0' as const, id: 'a', error: { code: 4100, message: 'no' } }
    expect(externalResponse(failed)).toBe(failed)
    const session = { jsonrpc: '2.0' as const, id: 1, result: { sessionScopes: {} } }
    expect(externalResponse(session)).toBe(session)
  })
})

describe('standardExternalMessage', () => {
  it("turns a result passed as the node's text into a standard result", () => {
    const message = { type: 'caip-348', data: { jsonrpc: '2.0', id: 9, resultJson: '"0x2a"' } }
    expect(standardExternalMessage(message)).toEqual({
      type: 'caip-348',
      data: { jsonrpc: '2.0', id: 9, result: '0x2a' },
    })
  })

  it('passes every other message as it is', () => {
    const notification = {
      type: 'caip-348',
      data: { jsonrpc: '2.0', method: 'wallet_sessionChanged', params: { sessionScopes: {} } },
    }
    for (const message of [
      notification,
      'ping',
      null,
      { type: 'other', data: { resultJson: '1' } },
    ]) {
      expect(standardExternalMessage(message)).toBe(message)
    }
  })
})
