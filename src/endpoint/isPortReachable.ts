import { connect } from 'node:net'

/** Whether something accepts TCP connections on `127.0.0.1:<port>` now (a started server is up). */
export function isPortReachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
