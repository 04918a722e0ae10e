const quote = 0x22
const backslash = 0x5c
const comma = 0x2c
const colon = 0x3a
const openBrace = 0x7b
const closeBrace = 0x7d
const openBracket = 0x5b
const closeBracket = 0x5d

const isWhitespace = (code: number): boolean =>
  code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09

const skipWhitespace = (text: string, index: number): number => {
  let at = index
  while (isWhitespace(text.charCodeAt(at))) at += 1
  return at
}

/** The index just past the string whose opening quote is at `index`; -1 when it never closes. */
function stringEnd(text: string, index: number): number {
  let from = index + 1
  for (;;) {
    const close = text.indexOf('"', from)
    if (close === -1) return -1
    let backslashes = 0
    while (text.charCodeAt(close - 1 - backslashes) === backslash) backslashes += 1
    if (backslashes % 2 === 0) return close + 1
    from = close + 1
  }
}

/**
 * The index just past the value that starts at `index`; -1 when there is none or its strings and
 * brackets do not close. Strings are skipped with `indexOf`, so a value made mostly of strings (hex
 * data, as node results are) is crossed at native search speed.
 */
function valueEnd(text: string, index: number): number {
  const first = text.charCodeAt(index)
  if (first === quote) return stringEnd(text, index)
  if (first !== openBrace && first !== openBracket) {
    let end = index
    for (; end < text.length; end += 1) {
      const code = text.charCodeAt(end)
      if (code === comma || code === closeBrace || code === closeBracket || isWhitespace(code))
        break
    }
    return end === index ? -1 : end
  }
  let depth = 0
  for (let at = index; at < text.length; at += 1) {
    const code = text.charCodeAt(at)
    if (code === quote) {
      const end = stringEnd(text, at)
      if (end === -1) return -1
      at = end - 1
    } else if (code === openBrace || code === openBracket) {
      depth += 1
    } else if (code === closeBrace || code === closeBracket) {
      depth -= 1
      if (depth === 0) return at + 1
    }
  }
  return -1
}

/**
 * The members of a JSON object's text, each value kept as its own JSON text — without parsing the
 * values. A JSON-RPC answer can so be split into its `result` and `error` while a ~5 MB result stays
 * the node's text, to be parsed once by whoever uses it.
 *
 * The object's structure is checked (keys, colons, commas, closing strings and brackets); the values
 * are only delimited: their own grammar is checked when they are parsed. `undefined` when the text is
 * not such an object, or names a key with escapes (the caller then parses the whole text instead).
 * A repeated key keeps its last value, as `JSON.parse` does.
 *
 * @example
 * jsonObjectMembers('{"jsonrpc":"2.0","id":1,"result":["0x1"]}')
 * // Map { 'jsonrpc' => '"2.0"', 'id' => '1', 'result' => '["0x1"]' }
 */
export function jsonObjectMembers(text: string): Map<string, string> | undefined {
  const members = new Map<string, string>()
  let at = skipWhitespace(text, 0)
  if (text.charCodeAt(at) !== openBrace) return undefined
  at = skipWhitespace(text, at + 1)
  if (text.charCodeAt(at) === closeBrace) {
    return skipWhitespace(text, at + 1) === text.length ? members : undefined
  }
  for (;;) {
    if (text.charCodeAt(at) !== quote) return undefined
    const keyEnd = stringEnd(text, at)
    if (keyEnd === -1) return undefined
    const key = text.slice(at + 1, keyEnd - 1)
    if (key.includes('\\')) return undefined
    at = skipWhitespace(text, keyEnd)
    if (text.charCodeAt(at) !== colon) return undefined
    const start = skipWhitespace(text, at + 1)
    const end = valueEnd(text, start)
    if (end === -1) return undefined
    members.set(key, text.slice(start, end))
    at = skipWhitespace(text, end)
    const next = text.charCodeAt(at)
    if (next === comma) {
      at = skipWhitespace(text, at + 1)
    } else if (next === closeBrace) {
      return skipWhitespace(text, at + 1) === text.length ? members : undefined
    } else {
      return undefined
    }
  }
}
