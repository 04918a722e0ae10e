import {
  type Config,
  connect,
  createConfig,
  disconnect,
  getAccount,
  getConnectors,
  http,
  signMessage,
  switchChain,
} from '@wagmi/core'
import { type Address, type Chain, verifyMessage } from 'viem'
import { type ChainSpec, chainOf, settle } from './dappSupport.ts'

let config: Config | undefined

const configured = (): Config => {
  if (!config) throw new Error('configure() first')
  return config
}

/** The connector wagmi made from Aperture's EIP-6963 announcement (its id is the rdns). */
const apertureConnector = () => {
  const connector = getConnectors(configured()).find((each) => each.id === 'dev.aperture.canary')
  if (!connector) throw new Error('wagmi found no Aperture connector')
  return connector
}

/**
 * A dapp written with wagmi core: `createConfig` with its default EIP-6963 discovery
 * (`multiInjectedProviderDiscovery`), which turns Aperture's announcement into a connector.
 */
const wagmiDapp = {
  configure(chains: [ChainSpec, ...ChainSpec[]]) {
    const [first, ...rest] = chains.map(chainOf) as [Chain, ...Chain[]]
    config = createConfig({
      chains: [first, ...rest],
      transports: Object.fromEntries(chains.map((chain) => [chain.id, http(chain.rpcUrl)])),
    })
  },
  connectors: () =>
    getConnectors(configured()).map((connector) => ({
      id: connector.id,
      name: connector.name,
      type: connector.type,
    })),
  connect: () =>
    settle(async () => {
      const { accounts, chainId } = await connect(configured(), { connector: apertureConnector() })
      return { accounts: [...accounts], chainId }
    }),
  account: () => {
    const { address, addresses, chainId, status } = getAccount(configured())
    return { address, addresses: addresses ? [...addresses] : undefined, chainId, status }
  },
  switchChain: (chainId: number) =>
    settle(async () => (await switchChain(configured(), { chainId })).id),
  signMessage: (message: string) =>
    settle(async () => {
      const signature = await signMessage(configured(), { message })
      const address = getAccount(configured()).address as Address
      return {
        signature,
        valid: await verifyMessage({ address: address as Address, message, signature }),
      }
    }),
  disconnect: () => settle(() => disconnect(configured())),
}

Object.assign(window, { wagmiDapp })

export type WagmiDapp = typeof wagmiDapp
