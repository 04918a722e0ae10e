import type { Address } from 'viem'
import { accountName, shortAddress } from '../format/accountLabel.ts'

/** An account as "Account 2 · 0x7099…79C8" (name above address), with the full address in the title. */
export function AddressLabel({ address, index }: { address: Address; index: number }) {
  return (
    <span className="address" title={address}>
      <strong>{accountName(index)}</strong>
      <code>{shortAddress(address)}</code>
    </span>
  )
}
