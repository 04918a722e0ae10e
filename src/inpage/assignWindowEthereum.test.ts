import { describe, expect, it } from 'vitest'
import { assignWindowEthereum } from './assignWindowEthereum.ts'
import { createEthereumProvider } from './createEthereumProvider.ts'

const provider = () => createEthereumProvider({ send: () => undefined, onMessage: () => undefined })

describe('assignWindowEthereum', () => {
  it('assigns window.ethereum on a page without one, writable and configurable', () => {
    const page: { ethereum?: unknown } = {}
    const ours = provider()
    assignWindowEthereum(page, ours)
    expect(page.ethereum).toBe(ours)
    expect(Object.getOwnPropertyDescriptor(page, 'ethereum')).toEqual({
      value: ours,
      writable: true,
      configurable: true,
      enumerable: true,
    })
    const later = { isOtherWallet: true }
    page.ethereum = later
    expect(page.ethereum).toBe(later)
  })

  it("keeps the provider a page already has, even one it can't overwrite", () => {
    const earlier = { isOtherWallet: true }
    const page: { ethereum?: unknown } = { ethereum: earlier }
    assignWindowEthereum(page, provider())
    expect(page.ethereum).toBe(earlier)

    const locked = Object.defineProperty({}, 'ethereum', { value: earlier, writable: false })
    expect(() => assignWindowEthereum(locked, provider())).not.toThrow()
    expect((locked as { ethereum?: unknown }).ethereum).toBe(earlier)
  })
})
