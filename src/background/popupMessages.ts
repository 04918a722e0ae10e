import type { ChainId } from '../core/caip/types.ts'
import type { EthereumProviderEngine } from '../core/eip1193/createEthereumProviderEngine.ts'
import { createHttpNodeClient } from '../core/eth/createHttpNodeClient.ts'
import type { NodeCall } from '../core/eth/nodeCall.ts'
import type { MultichainEngine, SessionStore } from '../core/multichain/ports.ts'
import type {
  PopupError,
  PopupRequest,
  PopupRequests,
  PopupRequestType,
  PopupResponse,
} from '../core/protocol/popupMessages.ts'
import {
  invalidFields,
  notYourNetwork,
  unknownPopupRequest,
  WalletError,
  walletLocked,
} from '../core/rpc/errors.ts'
import { readSolanaBalances, trackSolanaTransactions } from '../core/solana/readSolanaBalances.ts'
import type { Confirmations } from '../core/wallet/createConfirmations.ts'
import { addNetworkKind } from '../core/wallet/createNetworkAdder.ts'
import { grantedAccountKeys, namespaceAccounts } from '../core/wallet/namespaceAccounts.ts'
import { readBalances } from '../core/wallet/readBalances.ts'
import { readTokenBalances } from '../core/wallet/readTokenBalances.ts'
import { removeNetwork } from '../core/wallet/removeNetwork.ts'
import { saveNetwork } from '../core/wallet/saveNetwork.ts'
import { trackTransactions } from '../core/wallet/transactionStatus.ts'
import type { CustomNetwork } from '../core/wallet/validateNetwork.ts'
import { validateSettingsChanges } from '../core/wallet/validateSettings.ts'
import type { ActivityLog } from './activityLog.ts'
import type { NetworkRegistry } from './networks.ts'
import type { SolanaTransactionLog, TransactionLog } from './signingStores.ts'
import type { Wallet } from './wallet.ts'
import type { WatchedTokenStore } from './watchedTokens.ts'
import type { WindowApprover } from './windowApprover.ts'

export type PopupDependencies = {
  wallet: Wallet
  approvals: WindowApprover
  networks: NetworkRegistry
  sessions: SessionStore
  engine: MultichainEngine
  /** The EIP-1193 provider's engine: each site's view, and its active account. */
  ethereum: Pick<EthereumProviderEngine, 'view' | 'setActiveAccount'>
  /** The ERC-20 tokens the user watches (`wallet_watchAsset`). */
  watchedTokens: Pick<WatchedTokenStore, 'read'>
  activity: ActivityLog
  confirmations: Confirmations
  transactions: TransactionLog
  solanaTransactions: SolanaTransactionLog
  /** The chain's node endpoint, for the wallet's own calls. */
  nodeCall(chainId: ChainId): NodeCall
  /** Records user activity (postpones auto-lock). */
  touch(): void
}

type Handlers = {
  [Type in PopupRequestType]: (
    params: PopupRequests[Type]['params'],
  ) => Promise<PopupRequests[Type]['result']>
}

/**
 * A failure as the popup shows it: a refusal of the wallet's own (`WalletError`) with its code and
 * fields, anything else (a node that cannot be reached, a bug) with its message only.
 */
function toPopupError(error: unknown): PopupError {
  if (error instanceof WalletError) return error.toJSON()
  return { message: error instanceof Error ? error.message : String(error) }
}

/** The popup's requests (`PopupRequests`), each answered as a `PopupResponse`. */
export function createPopupHandlers(deps: PopupDependencies) {
  const { wallet, approvals, networks, sessions, engine, activity, confirmations, transactions } =
    deps
  const { ethereum } = deps
  const chainName = async (chainId: string): Promise<string> =>
    (await networks.networks()).find((network) => network.chainId === chainId)?.name ?? chainId
  /**
   * The header's chain name of a confirmation. A network being added is not in the wallet yet, so
   * its name is the one the dapp asked for (`chainName`), shown beside the chain id.
   */
  const confirmationChainName = async (kind: string, chainId: string, view: unknown) =>
    kind === addNetworkKind ? (view as CustomNetwork).name : chainName(chainId)
  const handlers: Handlers = {
    'wallet:getState': () => wallet.state(),
    'wallet:newMnemonic': () => wallet.newMnemonic(),
    'wallet:create': ({ password, confirmation }) => wallet.create(password, confirmation),
    'wallet:import': ({ mnemonic, password }) => wallet.import(mnemonic, password),
    'wallet:unlock': ({ password }) => wallet.unlock(password),
    'wallet:lock': () => wallet.lock(),
    'wallet:addAccount': () => wallet.addAccount(),
    'approval:get': async ({ id }) => {
      const pending = await approvals.get(id)
      if (!pending || pending.result) return null
      const all = await networks.networks()
      const chainNames = Object.fromEntries(
        pending.request.chains.map(({ chainId }) => [
          chainId,
          all.find((network) => network.chainId === chainId)?.name ?? chainId,
        ]),
      )
      const chainIds = pending.request.chains.map(({ chainId }) => chainId)
      const capabilities = await networks.capabilities.get()
      return {
        id,
        request: pending.request,
        chainNames,
        namespaceAccounts: namespaceAccounts(chainIds, capabilities),
      }
    },
    'approval:resolve': async ({ id, result }) => {
      if (result.approved && !(await wallet.isUnlocked())) throw walletLocked()
      await approvals.resolve(id, result)
      return null
    },
    'home:balances': async ({ chainId }) => {
      const { accounts } = await wallet.state()
      return readBalances(deps.nodeCall(chainId), accounts)
    },
    'home:tokens': async ({ chainId }) => {
      const { accounts } = await wallet.state()
      const tokens = (await deps.watchedTokens.read()).filter((token) => token.chainId === chainId)
      return readTokenBalances(deps.nodeCall(chainId), tokens, accounts)
    },
    'home:solanaBalances': async ({ chainId }) => {
      const { addresses } = await wallet.state()
      return readSolanaBalances(deps.nodeCall(chainId), addresses?.solana ?? [])
    },
    'solanaTransactions:list': async () =>
      (
        await trackSolanaTransactions(
          (chainId) => deps.nodeCall(chainId as ChainId),
          await deps.solanaTransactions.read(),
        )
      ).reverse(),
    'transactions:list': async () => {
      const tracked = await trackTransactions(
        (transaction) => deps.nodeCall(transaction.chainId),
        await transactions.read(),
      )
      await transactions.keep(tracked.filter(({ status }) => status !== 'pending'))
      return tracked.reverse()
    },
    'confirmations:list': async () => {
      const pending = await confirmations.pending()
      return Promise.all(
        pending.map(async ({ id, origin, chainId, kind, view, createdAt }) => ({
          id,
          origin,
          chainId,
          chainName: await confirmationChainName(kind, chainId, view),
          kind,
          view,
          createdAt,
        })),
      )
    },
    'confirmation:resolve': async ({ id, approved }) => {
      if (approved && !(await wallet.isUnlocked())) throw walletLocked()
      await confirmations.resolve(id, approved)
      return null
    },
    'confirmations:close': () => confirmations.closeIfIdle(),
    'settings:get': () => networks.settings(),
    'settings:set': async ({ solanaNetworks: _checkedLive, ...changes }) => {
      const problems = validateSettingsChanges(changes)
      if (Object.keys(problems).length > 0) throw invalidFields(problems)
      return networks.update(changes)
    },
    'networks:list': () => networks.networks(),
    'networks:save': (params) =>
      saveNetwork({ networks, client: (url) => createHttpNodeClient({ url }) }, params),
    'networks:remove': ({ chainId }) => removeNetwork(networks, chainId),
    'connections:list': async () => {
      const all = await sessions.list()
      const capabilities = await networks.capabilities.get()
      const views = await Promise.all(
        all.map(async (view) => ({
          ...view,
          activity: await activity.read(view.origin),
          ethereum: await ethereum.view(view.origin),
          accountKeys: grantedAccountKeys(view.session.sessionScopes, capabilities),
          namespaceAccounts: namespaceAccounts(
            [
              ...Object.keys(view.session.sessionScopes),
              ...Object.keys(view.session.requestedScopes),
            ] as ChainId[],
            capabilities,
          ),
        })),
      )
      return views.sort((a, b) => a.origin.localeCompare(b.origin))
    },
    'connections:update': async ({ origin, chains, accounts }) => {
      await engine.updateSession(origin, { chains, accounts })
      return null
    },
    'connections:revoke': async ({ origin }) => {
      await engine.revokeSession(origin)
      return null
    },
    'connections:setActiveAccount': async ({ origin, address }) => {
      await ethereum.setActiveAccount(origin, address)
      return null
    },
  }

  return async function handle(message: PopupRequest): Promise<PopupResponse<PopupRequestType>> {
    const handler = handlers[message.type] as (params: unknown) => Promise<unknown>
    if (!handler) return { ok: false, error: unknownPopupRequest(String(message.type)).toJSON() }
    deps.touch()
    try {
      const result = await handler(message.params)
      return { ok: true, result } as PopupResponse<PopupRequestType>
    } catch (error) {
      return { ok: false, error: toPopupError(error) }
    }
  }
}
