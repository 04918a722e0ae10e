import { eip155Network } from './eip155/eip155Network.ts'
import type { EndpointNetwork, NetworkName } from './endpointNetwork.ts'
import { solanaNetwork } from './solana/solanaNetwork.ts'

export type NetworkOptions = {
  /** Its node is a local one (on loopback: the embedded one, or a test node of the operator's). */
  localNode: boolean
}

const networks: Record<NetworkName, (options: NetworkOptions) => EndpointNetwork> = {
  eip155: () => eip155Network,
  solana: solanaNetwork,
}

/** The network the endpoint serves, by name (`--network`). */
export const networkOf = (name: NetworkName, options: NetworkOptions): EndpointNetwork =>
  networks[name](options)
