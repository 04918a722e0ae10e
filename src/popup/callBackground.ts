import type {
  PopupRequest,
  PopupRequests,
  PopupRequestType,
  PopupResponse,
} from '../core/protocol/popupMessages.ts'
import { popupPort } from './popupPort.ts'

/** A failed background request, with the background's error code when it has one. */
export class BackgroundError extends Error {
  readonly code: string | undefined
  /** For a refused form: one message per field. */
  readonly fields: Record<string, string>

  constructor(message: string, code?: string, fields: Record<string, string> = {}) {
    super(message)
    this.name = 'BackgroundError'
    this.code = code
    this.fields = fields
  }
}

/**
 * Nobody answered the request: the worker stopped before its answer reached the page (its channel
 * closed). What the request did is unknown here; a kept request of the wallet's own may still
 * complete in the next worker (`createOwnRequests`).
 */
export class AnswerLost extends BackgroundError {
  constructor() {
    super('The wallet did not answer')
    this.name = 'AnswerLost'
  }
}

/**
 * Sends one request to the service worker and returns its result (throws `BackgroundError`, and
 * `AnswerLost` when nobody answered).
 */
export async function callBackground<Type extends PopupRequestType>(
  type: Type,
  ...[params]: PopupRequests[Type]['params'] extends undefined
    ? []
    : [PopupRequests[Type]['params']]
): Promise<PopupRequests[Type]['result']> {
  const response = (await popupPort().send({ type, params } as PopupRequest)) as
    | PopupResponse<Type>
    | undefined
  if (!response) throw new AnswerLost()
  if (!response.ok) {
    throw new BackgroundError(response.error.message, response.error.code, response.error.fields)
  }
  return response.result
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error)

/** The per-field messages of a refused form (empty for any other failure). */
export const fieldErrorsOf = (error: unknown): Record<string, string> =>
  error instanceof BackgroundError ? error.fields : {}
