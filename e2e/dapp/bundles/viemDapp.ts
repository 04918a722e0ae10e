import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  http,
  parseEther,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { type ChainSpec, chainOf, settle } from './dappSupport.ts'
import { discoverProvider, type ProviderDetail } from './discoverProvider.ts'

export type { ChainSpec }

const mail = {
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
} as const

let found: ProviderDetail | undefined

/**
 * A dapp written with viem: it finds Aperture by EIP-6963 and talks to it through
 * `custom(provider)` — the way viem's documentation connects a browser wallet.
 */
const viemDapp = {
  async discover() {
    found = await discoverProvider('dev.aperture.canary')
    return found.info
  },
  provider(): ProviderDetail['provider'] {
    if (!found) throw new Error('discover() first')
    return found.provider
  },
  wallet(chain: ChainSpec) {
    return createWalletClient({ chain: chainOf(chain), transport: custom(viemDapp.provider()) })
  },
  requestAddresses: (chain: ChainSpec) => settle(() => viemDapp.wallet(chain).requestAddresses()),
  getAddresses: (chain: ChainSpec) => settle(() => viemDapp.wallet(chain).getAddresses()),
  getChainId: (chain: ChainSpec) => settle(() => viemDapp.wallet(chain).getChainId()),
  blockNumber: (chain: ChainSpec) =>
    settle(async () =>
      String(
        await createPublicClient({
          chain: chainOf(chain),
          transport: custom(viemDapp.provider()),
        }).getBlockNumber(),
      ),
    ),
  /** Signs `message` and checks the signature against `address` with viem, as a dapp would. */
  signMessage: (chain: ChainSpec, address: string, message: string) =>
    settle(async () => {
      const signature = await viemDapp
        .wallet(chain)
        .signMessage({ account: address as Address, message })
      return {
        signature,
        valid: await verifyMessage({ address: address as Address, message, signature }),
      }
    }),
  signTypedData: (chain: ChainSpec, address: string) =>
    settle(async () => {
      const domain = { name: 'Ether Mail', version: '1', chainId: chain.id } as const
      const signature = await viemDapp
        .wallet(chain)
        .signTypedData({ account: address as Address, domain, ...mail })
      return {
        signature,
        valid: await verifyTypedData({ address: address as Address, domain, signature, ...mail }),
      }
    }),
  /** Sends `ether` to `to` and waits for the receipt through the endpoint (not the wallet). */
  sendTransaction: (chain: ChainSpec, from: string, to: string, ether: string) =>
    settle(async () => {
      const hash = await viemDapp
        .wallet(chain)
        .sendTransaction({ account: from as Address, to: to as Address, value: parseEther(ether) })
      const receipt = await createPublicClient({
        chain: chainOf(chain),
        transport: http(chain.rpcUrl),
      }).waitForTransactionReceipt({ hash })
      return { hash, status: receipt.status }
    }),
  switchChain: (chain: ChainSpec, to: ChainSpec) =>
    settle(() => viemDapp.wallet(chain).switchChain({ id: to.id })),
  addChain: (chain: ChainSpec, added: ChainSpec) =>
    settle(() => viemDapp.wallet(chain).addChain({ chain: chainOf(added) })),
  /** EIP-747: asks the wallet to watch an ERC-20 token; viem answers the wallet's boolean. */
  watchAsset: (chain: ChainSpec, address: string, symbol: string, decimals: number) =>
    settle(() =>
      viemDapp.wallet(chain).watchAsset({
        type: 'ERC20',
        options: { address: address as Address, symbol, decimals },
      }),
    ),
  request: (method: string, params?: unknown) =>
    settle(() =>
      (
        viemDapp.provider().request as (args: {
          method: string
          params?: unknown
        }) => Promise<unknown>
      )({
        method,
        params,
      }),
    ),
}

Object.assign(window, { viemDapp })

export type ViemDapp = typeof viemDapp
