import { describe, expect, it } from 'vitest'
import { createPageWire } from './pageWire.ts'

function fakeStream() {
  const written: unknown[] = []
  let handler: (message: unknown) => void = () => undefined
  return {
    written,
    receive: (message: unknown) => handler(message),
    stream: {
      write: (message: unknown) => void written.push(message),
      onData: (listener: (message: unknown) => void) => {
        handler = listener
      },
    },
  }
}

describe('createPageWire', () => {
  it('tags each API channel on the way out; the Multichain API stays bare JSON-RPC', () => {
    const { stream, written } = fakeStream()
    const wire = createPageWire(stream)
    wire.channel('multichain').send({ jsonrpc: '2.0', id: 1, method: 'wallet_getSession' })
    wire.channel('eip1193').send({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
    expect(written).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'wallet_getSession' },
      { api: 'eip1193', data: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' } },
    ])
  })

  it('delivers each message to its own API channel only', () => {
    const { stream, receive } = fakeStream()
    const wire = createPageWire(stream)
    const multichain: unknown[] = []
    const eip1193: unknown[] = []
    wire.channel('multichain').onMessage((message) => multichain.push(message))
    wire.channel('eip1193').onMessage((message) => eip1193.push(message))
    receive({ jsonrpc: '2.0', id: 1, result: true })
    receive({ api: 'eip1193', data: { jsonrpc: '2.0', id: 1, result: '0x1' } })
    expect(multichain).toEqual([{ jsonrpc: '2.0', id: 1, result: true }])
    expect(eip1193).toEqual([{ jsonrpc: '2.0', id: 1, result: '0x1' }])
  })
})
