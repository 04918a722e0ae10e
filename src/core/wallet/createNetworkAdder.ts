import type { ChainId } from '../caip/types.ts'
import type { NetworkAdder } from '../eth/networkAdder.ts'
import { invalidParams, type Problem } from '../rpc/errors.ts'
import type { Json } from '../rpc/types.ts'
import type { Confirmations } from './createConfirmations.ts'
import { builtInChainIds } from './networks.ts'
import { type CustomNetwork, type NetworkField, validateNetworkDraft } from './validateNetwork.ts'

/** The confirmation kind of an added network; its view is the `CustomNetwork` to add. */
export const addNetworkKind = 'add_network'

export type CreateNetworkAdderParameters = {
  confirmations: Pick<Confirmations, 'confirm'>
  /** The networks the user added (`customNetworks` in `storage.local`). */
  customNetworks(): Promise<CustomNetwork[]>
  saveCustomNetwork(network: CustomNetwork): Promise<unknown>
  /** The settings form's live check (`checkNetworkEndpoint`): a message when it fails. */
  checkEndpoint(network: CustomNetwork): Promise<string | undefined>
}

/** Where each field of the network form came from in EIP-3085 params. */
const paramPaths: Record<NetworkField, string> = {
  chainId: 'params[0].chainId',
  name: 'params[0].chainName',
  rpcUrl: 'params[0].rpcUrls',
  wsUrl: 'params[0].rpcUrls',
}

/**
 * `wallet_addEthereumChain` (EIP-3085) for the engine (`NetworkAdder`): a chain the wallet already
 * has (built in or added) is answered `null` at once, as EIP-3085 allows; otherwise the draft goes
 * through the settings form's rules (`validateNetworkDraft`) and live `eth_chainId` check —
 * refusals are `-32602` with each problem at its EIP-3085 path — then into the confirmation window
 * (kind `add_network`; a request re-sent after a restart re-attaches to its confirmation). Approved,
 * the network as the window showed it is saved like one added in Settings, and the chain is grantable from then on;
 * rejected (or the window closed) is `4001`.
 */
export function createNetworkAdder(parameters: CreateNetworkAdderParameters): NetworkAdder {
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
      // The endpoint is checked live once, for a new request (a re-sent one re-attaches).
      const record = await confirmations.confirm(
        { requestKey, requestDigest, origin, chainId: network.chainId, kind: addNetworkKind },
        async () => {
          const problem = await checkEndpoint(network)
          if (problem) throw invalidParams([{ path: paramPaths.rpcUrl, message: problem }])
          return network as unknown as Json
        },
      )
      // The network the window showed is the one saved, not a re-sent copy's.
      await saveCustomNetwork(record.view as unknown as CustomNetwork)
      return null
    },
  }
}
