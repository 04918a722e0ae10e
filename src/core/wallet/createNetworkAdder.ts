import type { ChainId } from '../caip/types.ts'
import type { NetworkAdder } from '../eth/networkAdder.ts'
import { invalidParams, type Problem, userRejected } from '../rpc/errors.ts'
import type { Json } from '../rpc/types.ts'
import {
  type AddNetworkView,
  addNetworkKind,
  type NetworkCheck,
  networkCheckOf,
} from './addNetworkView.ts'
import type { Confirmations } from './createConfirmations.ts'
import { localNetworkHosts } from './localNetworkHosts.ts'
import { builtInChainIds } from './networks.ts'
import { type CustomNetwork, type NetworkField, validateNetworkDraft } from './validateNetwork.ts'

export type CreateNetworkAdderParameters = {
  confirmations: Pick<Confirmations, 'confirm' | 'pending' | 'progress'>
  /** The networks the user added (`customNetworks` in `storage.local`). */
  customNetworks(): Promise<CustomNetwork[]>
  saveCustomNetwork(network: CustomNetwork): Promise<unknown>
  /** The settings form's live check (`checkNetworkEndpoint`): a message when it fails. */
  checkEndpoint(network: CustomNetwork): Promise<string | undefined>
}

export type ProposedNetworks = NetworkAdder & {
  /**
   * The user's "Check network" in the window for the pending `add_network` record `id`: the live
   * `eth_chainId` check of the record's network (never a page's params), run only now, kept on the
   * record and returned for the window. A local host is contacted only with `allowLocal`, the
   * user's opt-in in the window.
   */
  check(id: string, options: { allowLocal: boolean }): Promise<NetworkCheck>
}

/** Where each field of the network form came from in EIP-3085 params. */
const paramPaths: Record<NetworkField, string> = {
  chainId: 'params[0].chainId',
  name: 'params[0].chainName',
  rpcUrl: 'params[0].rpcUrls',
  wsUrl: 'params[0].rpcUrls',
  explorerUrl: 'params[0].blockExplorerUrls',
}

/**
 * `wallet_addEthereumChain` (EIP-3085) for the engine (`NetworkAdder`): a chain the wallet already
 * has (built in or added) is answered `null` at once, as EIP-3085 allows; otherwise the draft goes
 * through the settings form's rules (`validateNetworkDraft`, without contacting anything; refusals
 * are `-32602` with each problem at its EIP-3085 path), then into the confirmation window (kind
 * `add_network`; a request re-sent after a restart re-attaches to its confirmation).
 *
 * Nothing a page sends makes the worker contact an address (DESIGN §6, docs/security.md "Networks
 * proposed by pages"): the live `eth_chainId` check runs when the user asks for it in the window
 * (`check`), and a loopback, private or link-local host only if the user also allows it there. The
 * page gets one answer whatever the address did: `null` when the user added the network after a
 * passing check — the network the window showed, saved like one added in Settings, grantable from
 * then on — and `4001` for everything else (rejected, the window closed, never checked, a failed
 * check). No reachability, status or chain found reaches the page.
 */
export function createNetworkAdder(parameters: CreateNetworkAdderParameters): ProposedNetworks {
  const { confirmations, customNetworks, saveCustomNetwork, checkEndpoint } = parameters
  return {
    async addNetwork({ origin, requestKey, requestDigest, draft }) {
      const custom: ChainId[] = (await customNetworks()).map(({ chainId }) => chainId)
      const known = [...builtInChainIds, ...custom]
      if (known.includes(draft.chainId as ChainId)) return null
      const checked = validateNetworkDraft(draft, { builtIn: builtInChainIds, custom })
      if ('problems' in checked) {
        const problems: Problem[] = Object.entries(checked.problems).map(([field, message]) => ({
          path: paramPaths[field as NetworkField],
          message: String(message),
        }))
        throw invalidParams(problems)
      }
      const { network } = checked
      const view: AddNetworkView = {
        network,
        localHosts: localNetworkHosts([network.rpcUrl, network.wsUrl]),
      }
      const record = await confirmations.confirm(
        { requestKey, requestDigest, origin, chainId: network.chainId, kind: addNetworkKind },
        async () => view as unknown as Json,
      )
      // The network the window showed is the one saved, not a re-sent copy's; and only once the
      // user saw its check pass (the window offers Add then, but the worker decides).
      const shown = record.view as unknown as AddNetworkView
      const check = networkCheckOf(record.progress)
      if (!check?.passed || check.rpcUrl !== shown.network.rpcUrl) throw userRejected()
      await saveCustomNetwork(shown.network)
      return null
    },

    async check(id, { allowLocal }) {
      const record = (await confirmations.pending()).find(
        (candidate) => candidate.id === id && candidate.kind === addNetworkKind,
      )
      if (!record) throw new Error('This request was already answered.')
      const { network, localHosts } = record.view as unknown as AddNetworkView
      if (localHosts.length > 0 && !allowLocal) {
        throw new Error(`Allow the wallet to contact ${localHosts.join(', ')} first.`)
      }
      const problem = await checkEndpoint(network)
      const check: NetworkCheck = {
        rpcUrl: network.rpcUrl,
        passed: problem === undefined,
        message: problem ?? `This endpoint serves ${network.chainId}.`,
      }
      await confirmations.progress(id, { check })
      return check
    },
  }
}
