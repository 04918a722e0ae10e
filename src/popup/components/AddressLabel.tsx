import type { Address } from 'viem'

/** An account as "Account 2 · 0x7099…79C8", with the full address in the title. */
export function AddressLabel({ address, index }: { address: Address; index: number }) {
  return (
    <span className="address" title={address}>
      <strong>Account {index + 1}</strong>
      <code>
        {address.slice(0, 6)}…{address.slice(-4)}
      </code>
    </span>
  )
}
