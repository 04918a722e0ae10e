import type { IncomingMessage } from 'node:http'

/**
 * After a refused body's answer: at most 16 MiB more of it, for at most 2 s (nginx lingers up to
 * 30 s, Go's server 0.5 s without reading). A client sending more or slower loses the connection.
 */
export const lingerBounds = { bytes: 16 * 1024 * 1024, ms: 2000 } as const

/**
 * Closes the connection of a request whose body is refused (its `connection: close` answer, 413)
 * without losing that answer: a lingering close, as web servers do. Closing a socket with unread
 * bytes makes the kernel reset the connection, and a client still writing its body then fails on
 * its write (`EPIPE`) with the answer unread in its buffers. So once node:http has written the
 * answer, the socket only ends its side (the client reads the answer, then the end), and the rest
 * of the body is read and dropped until the client ends too, or more than `lingerBounds.bytes`
 * arrive, or `lingerBounds.ms` pass: then the socket is destroyed.
 *
 * node:http closes a `connection: close` answer's socket with `destroySoon()` once the answer is
 * written: on this socket alone, that becomes the lingering close.
 */
export function closeLingering(request: IncomingMessage): void {
  const { socket } = request
  let dropped = 0
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length
    if (dropped > lingerBounds.bytes) socket.destroy()
  })
  socket.destroySoon = () => {
    socket.end()
    const deadline = setTimeout(() => socket.destroy(), lingerBounds.ms)
    deadline.unref()
    socket.once('close', () => clearTimeout(deadline))
  }
}
