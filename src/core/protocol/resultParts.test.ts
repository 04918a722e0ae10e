import { describe, expect, it } from 'vitest'
import { createResultAssembler, responseMessages } from './resultParts.ts'

const logsJson = JSON.stringify(
  Array.from({ length: 40 }, (_, index) => ({
    address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    data: `0x${index.toString(16).padStart(64, '0')}`,
    removed: false,
  })),
)

describe('responseMessages', () => {
  it('sends a response with a short result text as one message', () => {
    const response = { jsonrpc: '2.0', id: 4, resultJson: '"0x7a69"' } as const
    expect(responseMessages(response)).toEqual([{ type: 'response', response }])
  })

  it('sends results and errors that are not text as one message, whatever their size', () => {
    const result = { jsonrpc: '2.0', id: 5, result: JSON.parse(logsJson) } as const
    const error = {
      jsonrpc: '2.0',
      id: 6,
      error: { code: 4100, message: 'x'.repeat(500) },
    } as const
    expect(responseMessages(result, 16)).toEqual([{ type: 'response', response: result }])
    expect(responseMessages(error, 16)).toEqual([{ type: 'response', response: error }])
  })

  it('sends a long result text in pieces of at most the part length, the response last', () => {
    const messages = responseMessages({ jsonrpc: '2.0', id: 7, resultJson: logsJson }, 1000)
    expect(messages.length).toBe(Math.ceil(logsJson.length / 1000))
    expect(messages.slice(0, -1).every((message) => message.type === 'resultPart')).toBe(true)
    expect(messages.at(-1)).toMatchObject({ type: 'response', response: { jsonrpc: '2.0', id: 7 } })
    const texts = messages.map((message) =>
      message.type === 'resultPart'
        ? message.text
        : message.type === 'response' && 'resultJson' in message.response
          ? message.response.resultJson
          : '',
    )
    expect(texts.every((text) => text.length <= 1000)).toBe(true)
    expect(texts.join('')).toBe(logsJson)
  })
})

describe('createResultAssembler', () => {
  const deliver = (assembler: ReturnType<typeof createResultAssembler>, resultJson: string) => {
    let last: unknown
    for (const message of responseMessages({ jsonrpc: '2.0', id: 9, resultJson }, 700)) {
      if (message.type === 'resultPart') assembler.add(message.id, message.text)
      else if (message.type === 'response') last = assembler.complete(message.response)
    }
    return last
  }

  it('puts a result text sent in pieces back together, exactly', () => {
    const assembler = createResultAssembler()
    expect(deliver(assembler, logsJson)).toEqual({ jsonrpc: '2.0', id: 9, resultJson: logsJson })
  })

  it('starts afresh for the next response with the same id', () => {
    const assembler = createResultAssembler()
    deliver(assembler, logsJson)
    expect(deliver(assembler, '[]')).toEqual({ jsonrpc: '2.0', id: 9, resultJson: '[]' })
  })

  it('drops the pieces of one id, which will come again, and keeps the others', () => {
    const assembler = createResultAssembler()
    assembler.add(9, '[{"data":')
    assembler.add(10, '["0x2",')
    assembler.drop(9)
    const whole = { jsonrpc: '2.0', id: 9, resultJson: '["0x1"]' } as const
    expect(assembler.complete(whole)).toEqual(whole)
    expect(assembler.complete({ jsonrpc: '2.0', id: 10, resultJson: '"0x3"]' })).toEqual({
      jsonrpc: '2.0',
      id: 10,
      resultJson: '["0x2","0x3"]',
    })
  })

  it('keeps the pieces of different requests apart', () => {
    const assembler = createResultAssembler()
    assembler.add(1, '["a",')
    assembler.add(2, '["b",')
    expect(assembler.complete({ jsonrpc: '2.0', id: 2, resultJson: '"c"]' })).toEqual({
      jsonrpc: '2.0',
      id: 2,
      resultJson: '["b","c"]',
    })
    expect(assembler.complete({ jsonrpc: '2.0', id: 1, resultJson: '"d"]' })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      resultJson: '["a","d"]',
    })
  })
})
