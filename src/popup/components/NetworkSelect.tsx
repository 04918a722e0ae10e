import type { ReactNode } from 'react'
import type { ChainId } from '../../core/caip/types.ts'
import type { NetworkView } from '../../core/protocol/popupMessages.ts'

/** A labelled picker of networks ("Name (chain id)"), with anything shown after it (`children`). */
export function NetworkSelect({
  label,
  testId,
  networks,
  chainId,
  onSelect,
  children,
}: {
  label: string
  testId: string
  networks: readonly NetworkView[]
  chainId: ChainId | undefined
  onSelect(chainId: ChainId): void
  children?: ReactNode
}) {
  return (
    <label className="field network-picker">
      <span className="confirm-label">{label}</span>
      <select
        data-testid={testId}
        value={chainId ?? ''}
        onChange={(event) => onSelect(event.target.value as ChainId)}
      >
        {networks.map((network) => (
          <option key={network.chainId} value={network.chainId}>
            {network.name} ({network.chainId})
          </option>
        ))}
      </select>
      {children}
    </label>
  )
}
