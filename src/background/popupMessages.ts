import type {
  PopupError,
  PopupRequest,
  PopupRequestType,
  PopupResponse,
} from '../core/protocol/popupMessages.ts'
import { unknownPopupRequest, WalletError } from '../core/rpc/errors.ts'
import { popupHandlers } from './popup/handlers.ts'
import type { PopupPorts } from './popup/ports.ts'

// Wiring only: each request's handler is its own file, `popup/<prefix>/<name>.ts` (listed in
// `popup/handlers.ts`), its params and result declared in `core/protocol/popupMessages.ts`
// (docs/extension.md, "Popup ↔ worker messages").

export type PopupDependencies = PopupPorts & {
  /** Records user activity (postpones auto-lock). */
  touch(): void
}

/** Anything thrown, as the popup shows it: a `WalletError` with its code, else the message only. */
const toPopupError = (error: unknown): PopupError =>
  error instanceof WalletError
    ? error.toJSON()
    : { message: error instanceof Error ? error.message : String(error) }

/** The popup's requests (`PopupRequests`), each answered by its handler as a `PopupResponse`. */
export function createPopupHandlers(ports: PopupDependencies) {
  const handlers = popupHandlers(ports)

  return async function handle(message: PopupRequest): Promise<PopupResponse<PopupRequestType>> {
    if (!Object.hasOwn(handlers, message.type)) {
      return { ok: false, error: unknownPopupRequest(String(message.type)).toJSON() }
    }
    const handler = handlers[message.type] as (params: unknown) => Promise<unknown>
    ports.touch()
    try {
      return { ok: true, result: await handler(message.params) } as PopupResponse<PopupRequestType>
    } catch (error) {
      return { ok: false, error: toPopupError(error) }
    }
  }
}
