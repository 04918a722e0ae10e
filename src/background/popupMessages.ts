import { KeyringError } from '../core/keyring/errors.ts'
import type { MultichainEngine, SessionStore } from '../core/multichain/ports.ts'
import type {
  PopupError,
  PopupRequest,
  PopupRequests,
  PopupRequestType,
  PopupResponse,
} from '../core/wallet/messages.ts'
import type { Approvals } from './approvals.ts'
import type { NetworkRegistry } from './networks.ts'
import type { Wallet } from './wallet.ts'

export type PopupDependencies = {
  wallet: Wallet
  approvals: Approvals
  networks: NetworkRegistry
  sessions: SessionStore
  engine: MultichainEngine
  /** Records user activity (postpones auto-lock). */
  touch(): void
}

type Handlers = {
  [Type in PopupRequestType]: (
    params: PopupRequests[Type]['params'],
  ) => Promise<PopupRequests[Type]['result']>
}

/** Whether a runtime message comes from one of this extension's own pages (popup, approval). */
export function isExtensionPage(sender: chrome.runtime.MessageSender): boolean {
  return sender.id === chrome.runtime.id && (sender.url ?? '').startsWith(chrome.runtime.getURL(''))
}

function toPopupError(error: unknown): PopupError {
  if (error instanceof KeyringError) return { message: error.message, code: error.code }
  if (error instanceof Error) {
    const code = (error as Error & { code?: unknown }).code
    return typeof code === 'string' ? { message: error.message, code } : { message: error.message }
  }
  return { message: String(error) }
}

/** The popup's requests (`PopupRequests`), each answered as a `PopupResponse`. */
export function createPopupHandlers(deps: PopupDependencies) {
  const { wallet, approvals, networks, sessions, engine } = deps
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
      return { id, request: pending.request, chainNames }
    },
    'approval:resolve': async ({ id, result }) => {
      if (result.approved && !(await wallet.isUnlocked()))
        throw new Error('Unlock the wallet first')
      await approvals.resolve(id, result)
      return null
    },
    'settings:get': () => networks.settings(),
    'settings:set': (changes) => networks.update(changes),
    'networks:list': () => networks.networks(),
    'connections:list': async () => {
      const all = await sessions.list()
      return all.sort((a, b) => a.origin.localeCompare(b.origin))
    },
    'connections:update': async ({ origin, chains, accounts }) => {
      await engine.updateSession(origin, { chains, accounts })
      return null
    },
    'connections:revoke': async ({ origin }) => {
      await engine.revokeSession(origin)
      return null
    },
  }

  return async function handle(message: PopupRequest): Promise<PopupResponse<PopupRequestType>> {
    const handler = handlers[message.type] as (params: unknown) => Promise<unknown>
    if (!handler)
      return { ok: false, error: { message: `Unknown request ${String(message.type)}` } }
    deps.touch()
    try {
      const result = await handler(message.params)
      return { ok: true, result } as PopupResponse<PopupRequestType>
    } catch (error) {
      return { ok: false, error: toPopupError(error) }
    }
  }
}
