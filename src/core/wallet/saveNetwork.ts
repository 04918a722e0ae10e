import type { ChainId } from '../caip/types.ts'
import type { NodeClient } from '../eth/createHttpNodeClient.ts'
import type { NetworkView, PopupRequests } from '../protocol/popupMessages.ts'
import { invalidFields, notYourNetwork } from '../rpc/errors.ts'
import { checkEndpointLive } from './checkEndpointLive.ts'
import { builtInChainIds, solanaClusterOf } from './networks.ts'
import {
  type CustomNetwork,
  type Endpoint,
  validateEndpointDraft,
  validateNetworkDraft,
} from './validateNetwork.ts'

/**
 * The networks the user keeps (`storage.local`): those they added, and the endpoints they gave for
 * the built-in networks that take one (the public Solana clusters). Each change answers the
 * wallet's networks as they are after it.
 */
export interface UserNetworks {
  customNetworks(): Promise<CustomNetwork[]>
  /** Adds `network`, or puts it in the place of the custom network `replacing`. */
  saveCustomNetwork(network: CustomNetwork, replacing?: ChainId): Promise<NetworkView[]>
  removeCustomNetwork(chainId: ChainId): Promise<NetworkView[]>
  /** Sets (or, with `undefined`, forgets) the endpoint of a public Solana cluster. */
  setSolanaEndpoint(chainId: ChainId, endpoint: Endpoint | undefined): Promise<NetworkView[]>
}

export type SaveNetworkPorts = {
  networks: UserNetworks
  /** A JSON-RPC client of one HTTP endpoint, for the live check (`createHttpNodeClient`). */
  client(url: string): Pick<NodeClient, 'request'>
}

export type SaveNetworkParameters = PopupRequests['networks:save']['params']

/** Refuses, on its `rpcUrl` field, an endpoint that fails the live check of its chain's namespace. */
async function requireLiveEndpoint(
  client: SaveNetworkPorts['client'],
  chainId: ChainId,
  rpcUrl: string,
): Promise<void> {
  const problem = await checkEndpointLive(client(rpcUrl), chainId)
  if (problem) throw invalidFields({ rpcUrl: problem })
}

/**
 * The network form (`networks:save`, DESIGN §4 and §8): the chain id of a public Solana cluster
 * sets that cluster's endpoint (the name is the wallet's); any other adds a custom network, or
 * replaces the one the user added under `replacing`. The form is checked first (`validateNetworkDraft`,
 * `validateEndpointDraft`), then the endpoint live by the chain's namespace (`checkEndpointLive`); a refusal is
 * `invalid_fields` with one message per field, and nothing is saved.
 *
 * @example
 * await saveNetwork(ports, {
 *   network: { chainId: 'eip155:8888', name: 'Staging', rpcUrl: 'http://127.0.0.1:9545', wsUrl: 'ws://127.0.0.1:9545' },
 * }) // the wallet's networks, Staging last
 */
export async function saveNetwork(
  ports: SaveNetworkPorts,
  { network: draft, replacing }: SaveNetworkParameters,
): Promise<NetworkView[]> {
  const { networks, client } = ports
  const cluster = solanaClusterOf(draft.chainId.trim())
  if (cluster && replacing === undefined) {
    const checked = validateEndpointDraft(draft)
    if ('problems' in checked) throw invalidFields(checked.problems)
    await requireLiveEndpoint(client, cluster.chainId, checked.endpoint.rpcUrl)
    return networks.setSolanaEndpoint(cluster.chainId, checked.endpoint)
  }
  const custom = (await networks.customNetworks()).map(({ chainId }) => chainId)
  if (replacing !== undefined && !custom.includes(replacing)) throw notYourNetwork(replacing)
  const checked = validateNetworkDraft(draft, { builtIn: builtInChainIds, custom, replacing })
  if ('problems' in checked) throw invalidFields(checked.problems)
  await requireLiveEndpoint(client, checked.network.chainId, checked.network.rpcUrl)
  return networks.saveCustomNetwork(checked.network, replacing)
}
