import { describe, expect, it } from 'vitest'
import type { PagePortMessage } from '../core/protocol/pagePort.ts'
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
  describe('results on the page port', () => {
    /** A wire with the page port taken, each API's channel recording what it gets. */
    function wireWithPort() {
      const wire = createPageWire(fakeStream().stream)
      let post: (message: PagePortMessage) => void = () => undefined
      wire.receiveResults({
        onMessage: (handler) => {
          post = handler
        },
      })
      const got = { multichain: [] as unknown[], eip1193: [] as unknown[] }
      wire.channel('multichain').onMessage((message) => got.multichain.push(message))
      wire.channel('eip1193').onMessage((message) => got.eip1193.push(message))
      return { got, post: (message: PagePortMessage) => post(message) }
    }

    it("joins each API's pieces once the response after them comes, and hands its channel the whole response", () => {
      const { got, post } = wireWithPort()
      post({ type: 'resultPart', id: 3, text: '["0x1",' })
      post({ type: 'resultPart', id: 3, text: '["0xa",', api: 'eip1193' })
      post({ type: 'resultPart', id: 3, text: '"0x2",' })
      expect(got).toEqual({ multichain: [], eip1193: [] })
      post({ type: 'response', response: { jsonrpc: '2.0', id: 3, resultJson: '"0x3"]' } })
      post({
        type: 'response',
        api: 'eip1193',
        response: { jsonrpc: '2.0', id: 3, resultJson: '"0xb"]' },
      })
      expect(got).toEqual({
        multichain: [{ jsonrpc: '2.0', id: 3, resultJson: '["0x1","0x2","0x3"]' }],
        eip1193: [{ jsonrpc: '2.0', id: 3, resultJson: '["0xa","0xb"]' }],
      })
    })

    it('forgets dropped pieces: the answer asked again comes whole', () => {
      const { got, post } = wireWithPort()
      post({ type: 'resultPart', id: 4, text: '["0x1",' })
      post({ type: 'resultDropped', id: 4 })
      post({ type: 'resultPart', id: 4, text: '["0x1",' })
      post({ type: 'response', response: { jsonrpc: '2.0', id: 4, resultJson: '"0x2"]' } })
      expect(got.multichain).toEqual([{ jsonrpc: '2.0', id: 4, resultJson: '["0x1","0x2"]' }])
    })

    it('hands on an error that follows pieces without them', () => {
      const { got, post } = wireWithPort()
      const error = { code: -32603, message: 'Internal error' }
      post({ type: 'resultPart', id: 5, text: '["0x1",' })
      post({ type: 'response', response: { jsonrpc: '2.0', id: 5, error } })
      post({ type: 'response', response: { jsonrpc: '2.0', id: 5, resultJson: '[]' } })
      expect(got.multichain).toEqual([
        { jsonrpc: '2.0', id: 5, error },
        { jsonrpc: '2.0', id: 5, resultJson: '[]' },
      ])
    })
  })
})
