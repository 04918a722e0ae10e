import { describe, expect, it } from 'vitest'
import type { BackgroundMessage, WorkerPort } from '../core/protocol/connection.ts'
import type { RpcNotification } from '../core/rpc/types.ts'
import { createConnectionRegistry } from './connections.ts'

const dapp = 'https://app.example'

/** A worker-side port that records what it is sent. */
function fakePort(): WorkerPort & { received: BackgroundMessage[] } {
  const received: BackgroundMessage[] = []
  return {
    received,
    postMessage: (message) => received.push(message),
    disconnect: () => {},
    onMessage: { addListener: () => {} },
    onDisconnect: { addListener: () => {} },
  }
}

const sessionChanged = (sessionScopes: object): RpcNotification => ({
  jsonrpc: '2.0',
  method: 'wallet_sessionChanged',
  params: { sessionScopes: sessionScopes as Record<string, never> },
})

describe('createConnectionRegistry', () => {
  it('answers a request on the connection port, a long result text in pieces on that port', () => {
    const connections = createConnectionRegistry()
    const port = fakePort()
    connections.add('tab-1', dapp, port)
    connections.respond('tab-1', { jsonrpc: '2.0', id: 1, result: '0x10' })
    const resultJson = JSON.stringify('x'.repeat(300 * 1024))
    connections.respond('tab-1', { jsonrpc: '2.0', id: 2, resultJson })
    expect(port.received[0]).toEqual({
      type: 'response',
      response: { jsonrpc: '2.0', id: 1, result: '0x10' },
    })
    expect(port.received.slice(1).map((message) => message.type)).toEqual([
      'resultPart',
      'response',
    ])
  })

  it('names the length of the pieces sent ahead of a response, its own pieces included', () => {
    const connections = createConnectionRegistry()
    const port = fakePort()
    connections.add('tab-1', dapp, port)
    connections.respondPart('tab-1', 3, '["0x1",')
    const tail = `"${'x'.repeat(300 * 1024)}"]`
    connections.respond('tab-1', { jsonrpc: '2.0', id: 3, resultJson: tail }, 7)
    const parts = port.received.filter((message) => message.type === 'resultPart')
    const last = port.received.at(-1)
    expect(parts.length).toBeGreaterThan(1)
    expect(last?.type === 'response' && last.partsLength).toBe(
      parts.reduce((length, part) => length + part.text.length, 0),
    )
    expect(
      parts.map((part) => part.text).join('') +
        (last?.type === 'response' && 'resultJson' in last.response
          ? last.response.resultJson
          : ''),
    ).toBe(`["0x1",${tail}`)
  })

  it('gives an outlet that takes whole results a long result text in one message', () => {
    const connections = createConnectionRegistry()
    const port = Object.assign(fakePort(), { takesWholeResults: true })
    connections.add('external:https://app.example#1', dapp, port)
    const resultJson = JSON.stringify('x'.repeat(300 * 1024))
    connections.respond('external:https://app.example#1', { jsonrpc: '2.0', id: 2, resultJson })
    expect(port.received).toEqual([
      { type: 'response', response: { jsonrpc: '2.0', id: 2, resultJson } },
    ])
  })

  it('holds messages for a connection that has not said hello yet and flushes them when it does', () => {
    const connections = createConnectionRegistry()
    const notification = sessionChanged({})
    connections.notifier.toConnection('tab-1', notification)
    connections.respond('tab-1', { jsonrpc: '2.0', id: 7, result: true })
    const port = fakePort()
    connections.add('tab-1', dapp, port)
    expect(port.received).toEqual([
      { type: 'notification', notification },
      { type: 'response', response: { jsonrpc: '2.0', id: 7, result: true } },
    ])
  })

  it("tells every live connection of the origin, and no other origin's", () => {
    const connections = createConnectionRegistry()
    const [first, second, other] = [fakePort(), fakePort(), fakePort()]
    connections.add('tab-1', dapp, first)
    connections.add('tab-2', dapp, second)
    connections.add('tab-3', 'https://other.example', other)
    const notification = sessionChanged({ 'eip155:1': {} })
    connections.notifier.toOrigin(dapp, notification)
    expect(first.received).toEqual([{ type: 'notification', notification }])
    expect(second.received).toEqual([{ type: 'notification', notification }])
    expect(other.received).toEqual([])
  })

  it('forgets a connection only through its current port (a reconnect replaced the old one)', () => {
    const connections = createConnectionRegistry()
    const [old, current] = [fakePort(), fakePort()]
    connections.add('tab-1', dapp, old)
    connections.add('tab-1', dapp, current)
    expect(connections.remove('tab-1', old)).toBe(false)
    expect(connections.has('tab-1')).toBe(true)
    connections.respond('tab-1', { jsonrpc: '2.0', id: 1, result: null })
    expect(old.received).toEqual([])
    expect(current.received).toHaveLength(1)
    expect(connections.remove('tab-1', current)).toBe(true)
    expect(connections.has('tab-1')).toBe(false)
  })

  it("announces a session that ended in the worker's first seconds to a page that says hello then", () => {
    let now = 1_000_000
    const connections = createConnectionRegistry(() => now)
    const ended = sessionChanged({})
    connections.notifier.toOrigin(dapp, ended)
    const early = fakePort()
    connections.add('tab-1', dapp, early)
    expect(early.received).toEqual([{ type: 'notification', notification: ended }])
    // A hello again from the same connection (a reconnect) is not told twice.
    const again = fakePort()
    connections.add('tab-1', dapp, again)
    expect(again.received).toEqual([])
    now += 10_000
    const late = fakePort()
    connections.add('tab-2', dapp, late)
    expect(late.received).toEqual([])
  })

  it('does not announce an early end once the origin has a session again', () => {
    const connections = createConnectionRegistry(() => 0)
    connections.notifier.toOrigin(dapp, sessionChanged({}))
    connections.notifier.toOrigin(dapp, sessionChanged({ 'eip155:1': {} }))
    const port = fakePort()
    connections.add('tab-1', dapp, port)
    expect(port.received).toEqual([])
  })
})
