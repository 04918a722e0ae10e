import { useEffect } from 'react'
import type { ChainId } from '../../core/caip/types.ts'
import { type ExplorerTarget, explorerLinkOf } from '../../core/wallet/explorerLinks.ts'
import { useExplorers } from '../stores/explorers.ts'

/**
 * A link to a block explorer's page of an address or transaction (`explorer-link`), opened in a new
 * tab; nothing when the network has no explorer (the local devnets).
 */
export function ExplorerLink({ chainId, ...target }: { chainId: ChainId } & ExplorerTarget) {
  const explorer = useExplorers((state) => state.explorers?.[chainId])
  const load = useExplorers((state) => state.load)
  const open = useExplorers((state) => state.open)
  useEffect(() => {
    void load()
  }, [load])
  const link = explorerLinkOf(explorer, target as ExplorerTarget)
  if (!link) return null
  return (
    <button
      type="button"
      className="small ghost"
      data-testid="explorer-link"
      title={link}
      onClick={() => open(chainId, target as ExplorerTarget)}
    >
      Explorer ↗
    </button>
  )
}
