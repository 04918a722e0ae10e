import { STATUS_CODES } from 'node:http'

/**
 * A whole HTTP/1.1 error response as text, for the places that answer on the raw socket (a refused
 * WebSocket upgrade, a request Node's parser refused): the JSON-RPC error `body`, CORS for any
 * origin, and the connection closed after it.
 */
export const rawErrorResponse = (status: number, body: string): string =>
  `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
  'Content-Type: application/json; charset=utf-8\r\nAccess-Control-Allow-Origin: *\r\n' +
  `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
