/**
 * A process at the far end of a loopback hop, for `loopbackFloor.ts`: no HTTP, no parsing, each
 * piece of bytes written on as soon as it is read (sockets with `setNoDelay`).
 *
 *   node --import tsx bench/lib/loopbackPeer.ts echo           writes back what it reads
 *   node --import tsx bench/lib/loopbackPeer.ts relay <port>   writes what it reads to 127.0.0.1:<port>
 *                                                              and that peer's bytes back
 *
 * Prints `PORT <n>` once listening.
 */
import { type AddressInfo, connect, createServer, type Socket } from 'node:net'

const [mode, target] = process.argv.slice(2)
if (mode !== 'echo' && !(mode === 'relay' && target)) {
  throw new Error('usage: loopbackPeer.ts echo | relay <port>')
}

let upstream: Socket | undefined
let client: Socket | undefined
if (mode === 'relay') {
  upstream = connect(Number(target), '127.0.0.1')
  upstream.setNoDelay(true)
  upstream.on('data', (bytes: Buffer) => client?.write(bytes))
}

const server = createServer((socket) => {
  socket.setNoDelay(true)
  client = socket
  socket.on('data', (bytes: Buffer) => (upstream ?? socket).write(bytes))
})
server.listen(0, '127.0.0.1', () => {
  console.log(`PORT ${(server.address() as AddressInfo).port}`)
})
process.on('SIGTERM', () => process.exit(0))
