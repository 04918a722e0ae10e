import type { Hex } from 'viem'
import { create } from 'zustand'
import { parseChainId } from '../../core/caip/parseChainId.ts'
import type { ChainId } from '../../core/caip/types.ts'
import type { ReplacementKind } from '../../core/eth/signing/ports.ts'
import type { NetworkView } from '../../core/protocol/popupMessages.ts'
import type { TrackedSolanaTransaction } from '../../core/solana/readSolanaBalances.ts'
import { localDevnetChainId, localSolanaNetwork } from '../../core/wallet/networks.ts'
import { pickShownNetwork } from '../../core/wallet/pickShownNetwork.ts'
import type { TokenBalance } from '../../core/wallet/readTokenBalances.ts'
import type { TrackedTransaction } from '../../core/wallet/transactionStatus.ts'
import { callBackground, errorMessage } from '../callBackground.ts'

type HomeStore = {
  networks: NetworkView[]
  chainId: ChainId | undefined
  /** Native balances (wei, decimal strings) by address, at `blockNumber`. */
  balances: Record<string, string>
  blockNumber: string | undefined
  /** The watched tokens of the chosen network, with each account's balance. */
  tokens: TokenBalance[]
  transactions: TrackedTransaction[]
  /** The Solana network whose SOL balances are shown, and those balances (lamports) by address. */
  solanaNetworks: NetworkView[]
  solanaChainId: ChainId | undefined
  solanaBalances: Record<string, string>
  solanaTransactions: TrackedSolanaTransaction[]
  selectSolana(chainId: ChainId): Promise<void>
  error: string | undefined
  /** Loads the networks (picking one) and everything shown for it. */
  load(): Promise<void>
  select(chainId: ChainId): Promise<void>
  /** Reads the balances and the transactions again (the screen calls it as blocks come). */
  refresh(): Promise<void>
  /**
   * Speeds up or cancels a pending transaction: the worker puts the replacement in the
   * confirmation window (origin `Aperture`); its state shows here once sent.
   */
  replace(hash: Hex, kind: ReplacementKind): Promise<void>
}

/**
 * The home screen's money: each account's balance on the chosen network and the wallet's own
 * transactions. The screen refreshes it while it is open, so new blocks show up.
 */
export const useHome = create<HomeStore>((set, get) => ({
  networks: [],
  chainId: undefined,
  balances: {},
  blockNumber: undefined,
  tokens: [],
  transactions: [],
  solanaNetworks: [],
  solanaChainId: undefined,
  solanaBalances: {},
  solanaTransactions: [],
  error: undefined,
  async load() {
    try {
      const enabled = (await callBackground('networks:list')).filter(({ enabled }) => enabled)
      // Solana's networks are those of the Local Solana devnet's namespace.
      const namespaceOf = (chainId: string) => parseChainId(chainId)?.namespace
      const isSolana = ({ chainId }: NetworkView) =>
        namespaceOf(chainId) === namespaceOf(localSolanaNetwork.chainId)
      const networks = enabled.filter((network) => !isSolana(network))
      const solanaNetworks = enabled.filter(isSolana)
      set({
        solanaNetworks,
        solanaChainId: pickShownNetwork(
          solanaNetworks.map(({ chainId }) => chainId),
          get().solanaChainId,
          localSolanaNetwork.chainId,
        ),
      })
      set({
        networks,
        chainId: pickShownNetwork(
          networks.map(({ chainId }) => chainId),
          get().chainId,
          localDevnetChainId,
        ),
      })
      await get().refresh()
    } catch (error) {
      set({ error: errorMessage(error) })
    }
  },
  async select(chainId) {
    set({ chainId, balances: {}, blockNumber: undefined, tokens: [] })
    await get().refresh()
  },
  async selectSolana(solanaChainId) {
    set({ solanaChainId, solanaBalances: {} })
    await get().refresh()
  },
  async refresh() {
    await Promise.all([refreshEvm(), refreshSolana()])
  },
  async replace(hash, kind) {
    try {
      set({ error: undefined })
      await callBackground('transactions:replace', { hash, kind })
    } catch (error) {
      set({ error: errorMessage(error) })
    }
  },
}))

/** Solana networks get their own picker and rows on the home screen (`home-solana-<address>`). */
async function refreshSolana(): Promise<void> {
  const { solanaChainId } = useHome.getState()
  try {
    const [balances, solanaTransactions] = await Promise.all([
      solanaChainId ? callBackground('home:solanaBalances', { chainId: solanaChainId }) : undefined,
      callBackground('solanaTransactions:list'),
    ])
    if (useHome.getState().solanaChainId !== solanaChainId) return
    useHome.setState({ solanaBalances: balances?.balances ?? {}, solanaTransactions })
  } catch (error) {
    useHome.setState({ error: errorMessage(error) })
  }
}

async function refreshEvm(): Promise<void> {
  const { chainId } = useHome.getState()
  try {
    const [balances, tokens, transactions] = await Promise.all([
      chainId ? callBackground('home:balances', { chainId }) : undefined,
      chainId ? callBackground('home:tokens', { chainId }) : [],
      callBackground('transactions:list'),
    ])
    // A slower answer for a network the user has since left is dropped.
    if (useHome.getState().chainId !== chainId) return
    useHome.setState({
      balances: balances?.balances ?? {},
      blockNumber: balances?.blockNumber,
      tokens,
      transactions,
      error: undefined,
    })
  } catch (error) {
    useHome.setState({ error: errorMessage(error) })
  }
}
