import { describe, expect, it } from 'vitest'
import { serveDapp } from './serveDapp.ts'

describe('serveDapp', () => {
  it('serves each dapp of a process on a port of its own, though the OS hands released ports out again', async () => {
    // 400 dapps served and closed one after another: Linux picks `listen(0)` ports among ~7,000,
    // so without care two of them share a port (an origin) with a probability above 99.9 %.
    const ports: number[] = []
    for (let served = 0; served < 400; served += 1) {
      const dapp = await serveDapp()
      ports.push(dapp.port)
      await dapp.close()
    }
    expect(new Set(ports).size).toBe(ports.length)
  })

  it('answers the demo dapp on the origin it names', async () => {
    const dapp = await serveDapp()
    try {
      const response = await fetch(dapp.url)
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('<html')
      expect(dapp.origin).toBe(`http://127.0.0.1:${dapp.port}`)
    } finally {
      await dapp.close()
    }
  })
})
