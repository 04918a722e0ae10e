import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * The origin of a loopback port nothing listens on (`http://127.0.0.1:<port>`): a port taken from
 * the OS, then released, so a call to it is refused at once (an unreachable node).
 */
export async function closedPort(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}`
}
